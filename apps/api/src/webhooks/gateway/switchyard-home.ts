import { join } from 'node:path';

/** The files of the state directory (SWITCHYARD_HOME). */
export type SwitchyardHome = {
  root: string;
  configFile: string;
  subscriptionsFile: string;
  scriptsDir: string;
  skillsDir: string;
  /** Written by a running receiver so that the CLI can find it (its URL and a private token). */
  runtimeFile: string;
};

export const switchyardHome = (root: string): SwitchyardHome => ({
  root,
  configFile: join(root, 'config.yaml'),
  subscriptionsFile: join(root, 'webhook_subscriptions.json'),
  scriptsDir: join(root, 'scripts'),
  skillsDir: join(root, 'skills'),
  runtimeFile: join(root, 'gateway.runtime.json'),
});
