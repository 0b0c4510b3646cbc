/**
 * Traces over OTLP/HTTP: incoming and outgoing HTTP (node:http, and fetch through undici), and the
 * statements of the PostgreSQL driver. The only module that imports OpenTelemetry; preload.ts
 * imports it only when an OTLP address is set, before the services are loaded.
 */
import type { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { TracingEnv } from '../../env.ts';
import { requestContextOf } from '../../http/request-context.ts';
import { statementShape } from './statement-shape.ts';
import { installTraceHooks } from './trace-hooks.ts';

/** Probes and the metrics scrape come every few seconds and tell nothing a trace would. */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/metrics']);

export const startTracing = async (settings: TracingEnv) => {
  // ES modules are hooked only when named to the loader before they are imported: the
  // instrumentations below name theirs (http, https, pg, pg-pool) when they are registered.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }))],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(req.url ?? ''),
        // Outgoing calls and statements outside any request or delivery (the workers' polling) make no traces of their own.
        requireParentforOutgoingSpans: true,
        // The route's template and the request id, named by the service while it answered; never the path as sent.
        applyCustomAttributesOnSpan: (span, request) => {
          const served = requestContextOf(request as IncomingMessage);
          if (served === undefined) {
            return;
          }
          span.setAttributes({ 'http.route': served.route, 'switchyard.service': served.service, 'switchyard.request_id': served.id });
          if (served.tenant !== undefined) {
            span.setAttribute('switchyard.tenant', served.tenant);
          }
          span.updateName(`${(request as IncomingMessage).method ?? 'HTTP'} ${served.route}`);
        },
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({
        requireParentSpan: true,
        requestHook: (span, query) => span.setAttribute('db.query.text', statementShape(query.query.text)),
      }),
    ],
  });
  await waitForAllMessagesAcknowledged();

  const tracer = trace.getTracer('switchyard');
  installTraceHooks({
    currentTraceParent: () => {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);

      return carrier.traceparent ?? null;
    },
    continueTrace: (traceParent, work, run) => {
      const parent = traceParent === null ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { traceparent: traceParent });

      return tracer.startActiveSpan(work.name, { kind: SpanKind.CONSUMER, attributes: work.attributes }, parent, async (span) => {
        try {
          return await run();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },
  });

  // The services stop with process.exit: what is batched goes out as soon as a stop begins. A
  // process nothing else stops on the signal (a CLI command) stops as it would have, after the flush.
  const flushOn = (signal: NodeJS.Signals) =>
    process.once(signal, () => {
      const handled = process.listenerCount(signal) > 0;
      void provider
        .forceFlush()
        .catch(() => undefined)
        .finally(() => {
          if (!handled) {
            process.kill(process.pid, signal);
          }
        });
    });
  flushOn('SIGTERM');
  flushOn('SIGINT');

  return provider;
};
