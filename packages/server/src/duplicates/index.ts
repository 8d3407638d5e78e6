/**
 * Duplicates: the marks "possible duplicate of …" between documents — the same bytes, or linked
 * records with the same vendor and invoice number, or the same vendor, amount and invoice date —
 * kept when documents arrive, when a link changes and when a linked record's facts are read. What a
 * mark means for an approval, and who may see which mark, is the workflow's.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { markArrivedDuplicates, markDuplicatesOfRecord, markLinkedDuplicates } from './duplicateMarker';
