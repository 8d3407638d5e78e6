/**
 * Folders: a record's folder tree (GET /api/folder-structure) — display folders, its documents, its
 * related records' folders, record groups and their memberships, URL generation.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { registerFoldersApi } from './http/registerFoldersApi';
