import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/*
 * The live updates stream, `GET /api/events` (ours; the spec words no such call): server-sent
 * events, each `change` event's data one LiveChangeEvent as JSON. docs/API.md "Live updates".
 */

/** What changed: a history action (approve, reject, route, upload, import, submit, link, unlink), a lock taken or released, or a deletion. */
export const LIVE_CHANGE_KINDS = [
  'approve',
  'reject',
  'route',
  'upload',
  'import',
  'submit',
  'link',
  'unlink',
  'lock',
  'unlock',
  'delete',
] as const;

/** One kind of live change. */
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

/** The data of a `change` event: only what the signed-in user may see of one committed change. */
export const LiveChangeEvent = Type.Object(
  {
    id: Type.Integer({ description: 'The change’s id; also the event’s id (Last-Event-ID resumes after it).' }),
    kind: Type.Union(
      LIVE_CHANGE_KINDS.map((kind) => Type.Literal(kind)),
      { description: 'What changed.' },
    ),
    documentId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The document, when the user sees it now or saw it in the queue it left; else null.',
    }),
    fromQueueId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The queue the document left (or its queue for a lock), when the user sees that queue.',
    }),
    toQueueId: Type.Union([Type.Integer(), Type.Null()], { description: 'The queue the document entered, when the user sees that queue.' }),
    byUserId: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made the change (null: the system, or unknown).' }),
    byName: Type.String({ description: 'Their name as shown ("First Last", else the user name); "" when unknown.' }),
    byYou: Type.Boolean({ description: 'Whether the signed-in user made it (in this page or another).' }),
    at: Type.Union([Type.String(), Type.Null()], { description: 'When, as the change recorded it (ISO instant), if it did.' }),
  },
  { additionalProperties: false },
);

/** The data of a `change` event. */
export type LiveChangeEvent = Static<typeof LiveChangeEvent>;
