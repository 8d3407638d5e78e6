import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Note } from '../model/note';
import type { VersionInfo } from '../model/version';

/** True when two types are the same both ways (a schema and the model type it stands for). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * `GET /api/version` → VersionInfo. Response schemas are what Fastify's serialiser writes: a
 * property missing here is dropped from the answer, so each one is checked against its model type
 * below (a field added to the model and not here fails the build).
 */
export const VersionAnswer = Type.Object({
  version: Type.String(),
  build: Type.String(),
  schemaVersion: Type.Integer(),
});

/** One note (core model Note, spec §3 "Note"). */
export const NoteAnswer = Type.Object({
  id: Type.Integer(),
  docId: Type.Integer(),
  kind: Type.Union([Type.Literal('user'), Type.Literal('system'), Type.Literal('viewed')]),
  text: Type.String(),
  author: Type.String({ description: "The author's login." }),
  authorName: Type.Optional(Type.String({ description: "The author's display name; the login when the user has no name." })),
  createdAt: Type.String({ description: 'ISO 8601 time.' }),
});

/** `GET /api/documents/{id}/notes` → Note[] (oldest first). */
export const NoteListAnswer = Type.Array(NoteAnswer);

const versionMatches: Same<Static<typeof VersionAnswer>, VersionInfo> = true;
const noteMatches: Same<Static<typeof NoteAnswer>, Note> = true;
void versionMatches;
void noteMatches;

/** The 200 answer schema of a read route, for its `schema.response`. */
export function okAnswer<T extends TSchema>(schema: T): { 200: T } {
  return { 200: schema };
}
