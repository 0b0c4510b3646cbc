import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { switchyardHome } from '../webhooks/gateway/switchyard-home.ts';

/** Every regular file under `root` (relative paths with `/`), or none when the folder is absent. */
export const filesUnder = async (root: string): Promise<string[]> => {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      return [];
    }
    throw error;
  }

  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
};

/**
 * The webhook receiver's state in SWITCHYARD_HOME: its configuration, subscriptions, scripts and
 * skills. The running receiver's address file is not state: a restored receiver writes its own.
 */
export const homeStateFiles = async (homeRoot: string): Promise<string[]> => {
  const home = switchyardHome(homeRoot);
  const files = await filesUnder(homeRoot);
  const kept = new Set([relative(homeRoot, home.configFile), relative(homeRoot, home.subscriptionsFile)]);
  const folders = [relative(homeRoot, home.scriptsDir), relative(homeRoot, home.skillsDir)].map(
    (folder) => `${folder.split(sep).join('/')}/`,
  );

  return files.filter((file) => kept.has(file) || folders.some((folder) => file.startsWith(folder)));
};
