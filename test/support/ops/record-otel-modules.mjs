// Loaded with `node --import` before a service: records every module of OpenTelemetry (and of its
// loader hooks) that the process resolves, one URL a line, in RECORD_OTEL_MODULES_FILE.
import { register } from 'node:module';

register('./record-otel-modules-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_OTEL_MODULES_FILE } });
