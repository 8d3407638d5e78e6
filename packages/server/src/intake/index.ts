/**
 * Intake: every way a document arrives — an upload on a record, files dropped on a queue, an e-mail's
 * attachments, the demo's invoices — staged, committed, described, matched and its arrival events run
 * through one intakeDocuments.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export type { StagedFile } from './StagedFile';
export { stageUpload } from './stageUpload';
export { releaseStagedFiles } from './stagedFiles';
export { registerIntakeApi } from './http/registerIntakeApi';
export { intakeDocuments } from './intakeDocuments';
