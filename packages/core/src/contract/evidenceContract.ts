import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { EVIDENCE_MAX_DOCUMENTS } from '../model/historyVerification';
import type { HistoryVerification } from '../model/historyVerification';
import type { SameType } from './sameType';

/** The body of `POST /api/documents/evidence`: the selection, 1–100 distinct document ids. */
export const EvidenceBody = Type.Object(
  { docIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: EVIDENCE_MAX_DOCUMENTS, uniqueItems: true }) },
  { additionalProperties: false },
);

/** The JSON body of `POST /api/documents/evidence`. */
export type EvidenceRequestBody = Static<typeof EvidenceBody>;

/** `GET /api/documents/{id}/history/verify` → the verdict of the document's history hash chain. */
export const HistoryVerificationAnswer = Type.Object({
  intact: Type.Boolean(),
  rows: Type.Integer(),
  brokenAtRow: Type.Optional(Type.Integer({ minimum: 1 })),
  message: Type.String(),
});

const verificationMatches: SameType<Static<typeof HistoryVerificationAnswer>, HistoryVerification> = true;
void verificationMatches;
