import { odataBadRequest } from './ODataError';

/** A write body: a JSON object whose properties are checked against the entity type. */
export type EntityBody = Readonly<Record<string, unknown>>;

/**
 * Checks that `value` is a JSON object naming only `writable` properties. Instance annotations
 * (`@odata.etag`, `@odata.type`, …) are ignored, as OData clients send them back; read-only and
 * unknown properties are refused so a typo never silently does nothing.
 */
export function entityBodyOf(value: unknown, writable: readonly string[], readOnly: readonly string[]): EntityBody {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw odataBadRequest('The request body must be a JSON object.');
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(value as Record<string, unknown>)) {
    if (name.startsWith('@') || name.includes('@odata.')) continue;
    if (readOnly.includes(name)) throw odataBadRequest(`The property '${name}' is read-only.`);
    if (!writable.includes(name)) throw odataBadRequest(`The property '${name}' is not a writable property of this entity type.`);
    body[name] = property;
  }
  return body;
}

/** An Int32 property: absent → undefined; null only when `nullable`; anything else non-integer → 400. */
export function int32Property(body: EntityBody, name: string, nullable: boolean): number | null | undefined {
  if (!(name in body)) return undefined;
  const value = body[name];
  if (value === null) {
    if (nullable) return null;
    throw odataBadRequest(`The property '${name}' cannot be null.`);
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -2147483648 || value > 2147483647) {
    throw odataBadRequest(`The property '${name}' must be a 32-bit integer.`);
  }
  return value;
}

/** An Int32 property that must be present and not null. */
export function requiredInt32(body: EntityBody, name: string): number {
  const value = int32Property(body, name, false);
  if (value === undefined || value === null) throw odataBadRequest(`The property '${name}' is required.`);
  return value;
}

/** A Boolean property: absent → undefined. */
export function booleanProperty(body: EntityBody, name: string): boolean | undefined {
  if (!(name in body)) return undefined;
  const value = body[name];
  if (typeof value !== 'boolean') throw odataBadRequest(`The property '${name}' must be true or false.`);
  return value;
}

/** A String property of at most `maxLength` characters: absent → undefined; null is refused. */
export function stringProperty(body: EntityBody, name: string, maxLength: number): string | undefined {
  if (!(name in body)) return undefined;
  const value = body[name];
  if (typeof value !== 'string') throw odataBadRequest(`The property '${name}' must be a string.`);
  if (value.length > maxLength) throw odataBadRequest(`The property '${name}' is limited to ${maxLength} characters.`);
  return value;
}

/** A non-empty (after trimming) name of at most 200 characters: absent → undefined. */
export function nameProperty(body: EntityBody, name: string): string | undefined {
  const value = stringProperty(body, name, 200);
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') throw odataBadRequest(`The property '${name}' cannot be empty.`);
  return trimmed;
}

/** A nested object property (a complex type value): absent → undefined; null only when `nullable`. */
export function objectProperty(body: EntityBody, name: string, nullable = false): EntityBody | null | undefined {
  if (!(name in body)) return undefined;
  const value = body[name];
  if (value === null && nullable) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw odataBadRequest(`The property '${name}' must be an object.`);
  return value as EntityBody;
}

/**
 * An Edm.DateTimeOffset property: an ISO 8601 date-time with a time zone (`Z` or `±hh:mm`),
 * normalised to UTC ISO text as every instant is stored; absent → undefined; null → null (open).
 */
export function instantProperty(body: EntityBody, name: string): string | null | undefined {
  if (!(name in body)) return undefined;
  const value = body[name];
  if (value === null) return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw odataBadRequest(`The property '${name}' must be a date-time with a time zone, e.g. 2026-11-22T08:00:00Z.`);
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw odataBadRequest(`The property '${name}' is not a valid date-time.`);
  return new Date(time).toISOString();
}
