/**
 * Evidence: what an auditor takes away — the verdict of a document's hash-chained history and the
 * evidence packet (one PDF of the documents with their history, queue history, notes, ERP link and
 * pages with annotations burned in).
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { registerEvidenceApi } from './http/registerEvidenceApi';
