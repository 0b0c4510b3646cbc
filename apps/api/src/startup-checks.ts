import { samePortProblems, type Env } from './env.ts';
import { checkListenPorts, type PlannedListener } from './http/check-listen-ports.ts';
import { loadGatewaySettings } from './webhooks/gateway/gateway-config.ts';
import { switchyardHome } from './webhooks/gateway/switchyard-home.ts';

/**
 * The webhook receiver's port when `npm start` will start it (WEBHOOK_ENABLED or config.yaml).
 * A config.yaml that cannot be read is left to the receiver's start, which reports it as before.
 */
const webhookListener = (env: Env): PlannedListener | null => {
  try {
    const settings = loadGatewaySettings(switchyardHome(env.SWITCHYARD_HOME).configFile, env);

    return settings.enabled
      ? {
          variable: env.WEBHOOK_PORT === undefined ? 'the webhook port in config.yaml' : 'WEBHOOK_PORT',
          host: settings.host,
          port: settings.port,
        }
      : null;
  } catch {
    return null;
  }
};

export type StartupCheck = { problems: string[]; ports: { claims: number; transport: number } };

/**
 * What parsing the environment cannot see, checked before the database opens or any port listens:
 * the receiver's port from config.yaml against the others, and every port free on HOST. A 0 (any
 * free port) comes back as the port found, so the defaults built on it (PORTAL_URL) name a real one.
 */
export const checkBeforeListening = async (env: Env): Promise<StartupCheck> => {
  const listeners: PlannedListener[] = [
    { variable: 'CLAIMS_PORT', host: env.HOST, port: env.CLAIMS_PORT },
    { variable: 'TRANSPORT_PORT', host: env.HOST, port: env.TRANSPORT_PORT },
  ];
  const webhooks = webhookListener(env);
  if (webhooks) {
    listeners.push(webhooks);
  }
  const ports = { claims: env.CLAIMS_PORT, transport: env.TRANSPORT_PORT };
  const clashes = samePortProblems(listeners.map((listener) => [listener.variable, listener.port]));
  if (clashes.length > 0) {
    return { problems: clashes, ports };
  }
  const checked = await checkListenPorts(listeners);

  return {
    problems: checked.problems,
    ports: { claims: checked.ports.get('CLAIMS_PORT') ?? ports.claims, transport: checked.ports.get('TRANSPORT_PORT') ?? ports.transport },
  };
};
