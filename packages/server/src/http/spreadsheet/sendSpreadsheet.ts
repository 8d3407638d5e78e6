import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentHeaders } from '../attachmentHeaders';
import type { SpreadsheetLocale } from './spreadsheetLocale';
import type { SpreadsheetSheet } from './SpreadsheetSheet';
import { writeSpreadsheet } from './writeSpreadsheet';
import type { SpreadsheetFormat } from './writeSpreadsheet';

/** Media types of the two formats. */
const MEDIA_TYPES: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** What sendSpreadsheet writes: the file's name without extension, its format and locale, and the sheet. */
export interface SpreadsheetExport {
  baseName: string;
  format: SpreadsheetFormat;
  locale: SpreadsheetLocale;
  sheet: SpreadsheetSheet;
}

/** Characters a file name cannot hold on Windows or in a header (those and control characters), made '-'. */
function safeFileName(name: string): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? '-' : c)).join('');
  return cleaned.trim() || 'Export';
}

/**
 * Streams the export as the answer: the headers go out at once (an attachment named
 * "<baseName>.xlsx" / ".csv", RFC 6266), the rows as each page is read. A failure after the
 * headers can no longer become an error answer: the connection is cut, so the client sees an
 * incomplete download rather than a file that looks whole; it is logged with the request.
 */
export function sendSpreadsheet(request: FastifyRequest, reply: FastifyReply, spreadsheet: SpreadsheetExport): FastifyReply {
  const body = new PassThrough({ highWaterMark: 64 * 1024 });
  const fileName = `${safeFileName(spreadsheet.baseName)}.${spreadsheet.format}`;
  writeSpreadsheet(body, spreadsheet.sheet, spreadsheet.format, spreadsheet.locale).catch((error: unknown) => {
    request.log.error({ err: error }, 'The spreadsheet export failed after its first bytes.');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return attachmentHeaders(reply, fileName, MEDIA_TYPES[spreadsheet.format]).send(body);
}
