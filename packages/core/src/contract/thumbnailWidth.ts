/**
 * Default thumbnail width in CSS pixels (`GET /api/documents/{id}/thumbnail?width=`), for client
 * and server. Its own file without TypeBox, so the client bundle takes the number, not the schemas.
 */
export const DEFAULT_THUMBNAIL_WIDTH = 160;
