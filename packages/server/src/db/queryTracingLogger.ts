import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { LogEvent, Logger } from 'kysely';
/** OpenTelemetry's `db.system.name` of the two databases the server runs on. */
export type DbSystemName = 'sqlite' | 'postgresql';

/** A statement's first keyword (SELECT, INSERT, UPDATE, DELETE, WITH, BEGIN …), as `db.operation.name`. */
function operationOf(sqlText: string): string {
  const match = /^\s*([a-z]+)/i.exec(sqlText);
  return match === null ? 'QUERY' : match[1].toUpperCase();
}

/**
 * A Kysely `log` that turns every statement into a client span (`db.system.name`,
 * `db.operation.name`, `db.query.text` — the parameterised text, never the values), a child of
 * whatever span is active (the request's, the job's). Kysely calls it once the statement ended
 * with its duration, so the span is drawn backwards from then; a failed statement's span carries
 * the error. Installed only when tracing is on (createDatabase's `traceQueries`), so an untraced
 * server pays nothing per statement.
 */
export function queryTracingLogger(systemName: DbSystemName): Logger {
  const tracer = trace.getTracer('datahaven-db');
  return (event: LogEvent) => {
    const sqlText = event.query.sql;
    const operation = operationOf(sqlText);
    const end = performance.timeOrigin + performance.now();
    const span = tracer.startSpan(operation, {
      kind: SpanKind.CLIENT,
      startTime: end - event.queryDurationMillis,
      attributes: { 'db.system.name': systemName, 'db.operation.name': operation, 'db.query.text': sqlText },
    });
    if (event.level === 'error') {
      const error = event.error;
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    }
    span.end(end);
  };
}
