/** A span that continues a trace: its name and what it is about. */
export type WorkSpan = { name: string; attributes: Record<string, string | number> };

/**
 * What the rest of the code asks of tracing. Without an OTLP address nothing of OpenTelemetry is
 * loaded and these do nothing; start-tracing.ts installs the real ones, so no other module imports
 * OpenTelemetry.
 */
export type TraceHooks = {
  /** The W3C `traceparent` of the active span, to store with queued work; null when nothing is traced. */
  currentTraceParent(): string | null;
  /** Runs queued work under a span that is a child of `traceParent` (a new trace when null). */
  continueTrace<T>(traceParent: string | null, span: WorkSpan, run: () => Promise<T>): Promise<T>;
};

const untraced: TraceHooks = {
  currentTraceParent: () => null,
  continueTrace: (_traceParent, _span, run) => run(),
};

// On globalThis rather than in this module: the preload and the services may be separate bundles
// (dist/preload.js, dist/main.js), each with its own copy of this module.
const KEY = Symbol.for('switchyard.trace-hooks');
type Holder = { [KEY]?: TraceHooks };

export const traceHooks = (): TraceHooks => (globalThis as Holder)[KEY] ?? untraced;

export const installTraceHooks = (hooks: TraceHooks): void => {
  (globalThis as Holder)[KEY] = hooks;
};
