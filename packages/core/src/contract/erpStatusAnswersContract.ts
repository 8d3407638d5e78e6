import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { DocumentErpStatus } from '../model/documentErpStatus';
import { nullableAnswer } from './nullableAnswer';
import type { SameType } from './sameType';

/** A document's latest ERP write-back (core model DocumentErpStatus). */
export const DocumentErpStatusAnswer = Type.Object({
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('updated'),
    Type.Literal('kept'),
    Type.Literal('superseded'),
    Type.Literal('failed'),
  ]),
  text: Type.String(),
  detail: Type.String(),
  status: Type.String(),
  erpStatus: nullableAnswer(Type.String()),
  recordNumber: Type.String(),
  decidedAt: Type.String(),
  finishedAt: nullableAnswer(Type.String()),
});

/** `GET /api/documents/{id}/erp-status` → the document's latest write-back, or null when no decision of it was owed to the ERP. */
export const DocumentErpStatusOrNullAnswer = nullableAnswer(DocumentErpStatusAnswer);

const erpStatusMatches: SameType<Static<typeof DocumentErpStatusAnswer>, DocumentErpStatus> = true;
void erpStatusMatches;
