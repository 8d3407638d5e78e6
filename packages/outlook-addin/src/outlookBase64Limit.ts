/** Outlook's limit on the base64 text of one attachment (addFileAttachmentFromBase64Async, HOSTS.md). */
export const OUTLOOK_BASE64_LIMIT = 34_865_152;

/** About how many megabytes the base64 limit allows (3 bytes for every 4 characters), as the texts say it. */
export const OUTLOOK_ATTACH_LIMIT_MB = Math.floor((OUTLOOK_BASE64_LIMIT * 3) / 4 / 1024 / 1024);
