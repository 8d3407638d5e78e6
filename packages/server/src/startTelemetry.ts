import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { isTracingConfigured } from './config/Config';

/** The OpenTelemetry SDK, running. */
export interface Telemetry {
  /** Sends the spans still buffered and stops (a stopping server's last step). */
  shutdown(): Promise<void>;
}

/** The service name spans carry unless OTEL_SERVICE_NAME names another. */
const SERVICE_NAME = 'datahaven-documents';

/** Probes every few seconds are noise in a trace store: the health paths get no span. */
const UNTRACED_PATHS = new Set(['/health/live', '/health/ready']);

/**
 * Starts OpenTelemetry tracing when the standard variables ask for it (Config's
 * `isTracingConfigured`: OTEL_EXPORTER_OTLP_ENDPOINT or …_TRACES_ENDPOINT set); null, and
 * nothing loaded past this file's imports, otherwise. The SDK reads the rest of the standard
 * variables itself: OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by default, http/json, grpc),
 * headers, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, the batch processor's and the sampler's.
 * Spans: every HTTP request served (instrumentation-http; named by its route pattern by
 * http/operations/registerRequestTelemetry), every outgoing fetch — the ERP connectors, Graph,
 * Entra (instrumentation-undici) — and, made by the server itself, every database statement
 * (db/queryTracingLogger) and every background job run (jobs/JobRunner).
 * Must run before Fastify and node:http are loaded, so main.ts calls it first.
 */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env): Telemetry | null {
  if (!isTracingConfigured(env)) return null;
  const sdk = new NodeSDK({
    serviceName: (env.OTEL_SERVICE_NAME ?? '').trim() || SERVICE_NAME,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]),
      }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
