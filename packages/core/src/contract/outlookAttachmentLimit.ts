/**
 * The longest base64 text Outlook's `addFileAttachmentFromBase64Async` takes (HOSTS.md "Outlook
 * add-in"): 34,865,152 characters, i.e. 26,148,864 bytes of file. `GET /api/documents/{id}/data/base64`
 * answers 413 in words above it. Its own file without TypeBox, so the task pane takes the number,
 * not the schemas.
 */
export const OUTLOOK_BASE64_MAX_CHARACTERS = 34_865_152;
