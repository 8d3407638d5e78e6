import { startTelemetry } from './startTelemetry';

/**
 * This process's tracing, started as this module loads — main.ts imports it before anything
 * else, since instrumentation-http must patch node:http before Fastify loads it. Null when the
 * OTEL_* variables do not ask for traces.
 */
export const telemetry = startTelemetry();
