import { Type } from '@sinclair/typebox';
import type { TNull, TSchema, TUnion } from '@sinclair/typebox';

/** `T | null` in an answer schema (fast-json-stringify writes `null` for it). */
export function nullableAnswer<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()]);
}
