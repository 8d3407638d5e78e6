import type { Static, TSchema } from '@sinclair/typebox';

/**
 * True when two types are the same both ways: an answer schema's static type and the model type
 * it stands for. The serialiser drops a property its schema lacks, so every answer schema is held
 * to its type with `const check: SameType<Static<typeof Answer>, Model> = true` (a field added to
 * the model and not to the schema fails the build).
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** `SameType` of an answer schema's static type and a model type, for code that does not import TypeBox (the server's own answer types). */
export type AnswerMatches<S extends TSchema, M> = SameType<Static<S>, M>;
