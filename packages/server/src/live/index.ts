/**
 * Live: queue and document changes pushed to signed-in pages as they commit — GET /api/events
 * (server-sent events), fed by the database (`live_changes`, PostgreSQL NOTIFY, SQLite's commit
 * signal) and filtered per event by what the user may see.
 * The module's face: the composition root imports it from here, never a file inside it.
 */
export { registerLiveApi } from './http/registerLiveApi';
