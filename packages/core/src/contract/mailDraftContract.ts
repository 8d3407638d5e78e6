import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** `POST /api/mail-drafts/reply`: the message read in Outlook and the documents to reply with. */
export const ReplyDraftBody = Type.Object(
  {
    messageId: Type.String({
      minLength: 1,
      maxLength: 1024,
      pattern: '^[A-Za-z0-9._=+/-]+$',
      description: 'The Graph REST id of the message being read (Office.js convertToRestId).',
    }),
    documentIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 500,
      description: 'The documents to attach, in order (at most the download limit).',
    }),
    embedAnnotations: Type.Boolean({ description: "Burn each PDF's annotations in, as a download with annotations does." }),
    comment: Type.Optional(Type.String({ maxLength: 10_000, description: 'Text above the quoted message.' })),
  },
  { additionalProperties: false },
);

/** The JSON body of `POST /api/mail-drafts/reply`. */
export type ReplyDraftRequest = Static<typeof ReplyDraftBody>;

/** How one document reached the reply draft. */
export const ReplyDraftAttachmentAnswer = Type.Object({
  documentId: Type.Integer(),
  fileName: Type.String({ description: 'The name in the draft (made unique within it).' }),
  size: Type.Integer({ description: 'Bytes attached.' }),
  via: Type.Union([Type.Literal('inline'), Type.Literal('uploadSession')], {
    description: 'inline: one fileAttachment under 3 MB; uploadSession: PUTs of at most 4 MB.',
  }),
  chunks: Type.Integer({ description: 'Requests that carried the bytes: 1 inline, the PUTs of an upload session.' }),
});

/** `POST /api/mail-drafts/reply` (201) → the reply draft in the user's mailbox, opened from `webLink`. */
export const ReplyDraftAnswer = Type.Object({
  draftId: Type.String({ description: "The draft's Graph id." }),
  webLink: Type.String({ description: 'Outlook on the web link that opens the draft.' }),
  attachments: Type.Array(ReplyDraftAttachmentAnswer),
});

/** The answer of `POST /api/mail-drafts/reply`. */
export type ReplyDraft = Static<typeof ReplyDraftAnswer>;
