/**
 * Loaded before the services and the CLI (first by `npm start` and bin/switchyard.js, or with
 * `node --import`): with an OTLP address set, tracing starts here, before http and pg are imported,
 * so their instrumentation can hook them. Unset, nothing of OpenTelemetry is loaded: start-tracing.ts,
 * the only module that imports it, is imported only then.
 */
import { EnvError, parseTracingEnv } from '../../env.ts';

const readTracingEnv = () => {
  try {
    return parseTracingEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
};

const tracing = readTracingEnv();
if (tracing !== null) {
  const { startTracing } = await import('./start-tracing.ts');
  await startTracing(tracing);
}
