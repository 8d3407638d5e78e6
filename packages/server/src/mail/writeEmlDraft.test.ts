import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { decodeWords, headerParameters, headerValue, parseMime } from './test/parseMime';
import { itNeeding } from '../test/describeNeeding';
import { PYTHON3 } from '../test/testRequirements';
import { parseWithPython } from './test/parseWithPython';
import { writeEmlDraft } from './writeEmlDraft';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('writeEmlDraft', () => {
  it('writes an unsent multipart/mixed draft whose attachments decode byte-identical, with RFC 2231 / 2047 names', async () => {
    const pdf = randomBytes(100_000);
    const odd = randomBytes(58); // one full base64 line and one byte over
    const longName = `Überweisung ${'ä'.repeat(40)} – Rechnung 2025-0001.pdf`;
    const eml = await collect(
      writeEmlDraft({
        from: { name: 'Jürgen Clerk', address: 'clerk@example.test' },
        subject: 'Documents: Rechnung März.pdf',
        text: 'Attached: Rechnung März.pdf',
        date: new Date('2025-05-30T09:00:00Z'),
        attachments: [
          { name: 'Rechnung März.pdf', mediaType: 'application/pdf', open: () => Readable.from([pdf.subarray(0, 7), pdf.subarray(7)]) },
          { name: longName, mediaType: 'application/pdf', open: () => Readable.from([odd]) },
          { name: 'plain.txt', mediaType: 'text/plain\r\nX-Evil: 1', open: () => Readable.from([Buffer.from('hi')]) },
        ],
      }),
    );
    const message = parseMime(eml);
    expect(message.headers.get('x-unsent')).toBe('1');
    expect(message.headers.get('mime-version')).toBe('1.0');
    expect(message.headers.get('date')).toBe('Fri, 30 May 2025 09:00:00 +0000');
    expect(decodeWords(message.headers.get('subject') ?? '')).toBe('Documents: Rechnung März.pdf');
    expect(decodeWords(message.headers.get('from') ?? '')).toBe('Jürgen Clerk <clerk@example.test>');
    expect(headerValue(message.headers.get('content-type') ?? '')).toBe('multipart/mixed');
    expect(message.parts).toHaveLength(4);
    expect(message.parts[0].body.toString('utf8')).toBe('Attached: Rechnung März.pdf');
    const names = message.parts.slice(1).map((part) => headerParameters(part.headers.get('content-disposition') ?? '').get('filename'));
    expect(names).toEqual(['Rechnung März.pdf', longName, 'plain.txt']);
    expect(decodeWords(headerParameters(message.parts[1].headers.get('content-type') ?? '').get('name') ?? '')).toBe('Rechnung März.pdf');
    expect(message.parts[1].body.equals(pdf)).toBe(true);
    expect(message.parts[2].body.equals(odd)).toBe(true);
    // A media type that could inject a header is replaced.
    expect(headerValue(message.parts[3].headers.get('content-type') ?? '')).toBe('application/octet-stream');
    expect(message.parts[3].headers.has('x-evil')).toBe(false);
    expect(headerValue(message.parts[1].headers.get('content-disposition') ?? '')).toBe('attachment');
  });

  itNeeding(PYTHON3)("is read back by Python's email parser with the exact non-ASCII names, subject and bytes", async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)]);
    const tiff = randomBytes(4099);
    const names = ['Rechnung März.pdf', 'Lieferschein Nr. 7; "Kopie" – Größe ½.tiff', `${'Überweisung '.repeat(8)}.pdf`, 'a.txt'];
    const contents = [pdf, tiff, randomBytes(10), Buffer.from('line 1\nline 2\r\nlone \r cr', 'latin1')];
    const subject = 'Rechnung März 2025 — Bestellung «Ölfilter» für Jürgen';
    const parsed = parseWithPython(
      await collect(
        writeEmlDraft({
          from: { name: 'Zoë Müller-Łukasiewicz', address: 'zoe@example.test' },
          subject,
          text: 'Grüße,\r\nanbei die Rechnung.',
          date: new Date('2025-05-30T09:00:00Z'),
          attachments: names.map((name, index) => ({
            name,
            mediaType: ['application/pdf', 'image/tiff', 'application/pdf', 'text/plain'][index],
            open: () => Readable.from([contents[index]]),
          })),
        }),
      ),
    );
    expect(parsed.subject).toBe(subject);
    expect(parsed.from).toBe('Zoë Müller-Łukasiewicz <zoe@example.test>');
    expect(parsed.unsent).toBe('1');
    expect(parsed.text).toBe('Grüße,\r\nanbei die Rechnung.');
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual(names);
    expect(parsed.attachments.map((attachment) => attachment.disposition)).toEqual([
      'attachment',
      'attachment',
      'attachment',
      'attachment',
    ]);
    expect(parsed.attachments.map((attachment) => attachment.contentType)).toEqual([
      'application/pdf',
      'image/tiff',
      'application/pdf',
      'text/plain',
    ]);
    parsed.attachments.forEach((attachment, index) => expect(Buffer.from(attachment.base64, 'base64').equals(contents[index])).toBe(true));
  });

  itNeeding(PYTHON3)('opens an attachment only when its part is written, one after the other', async () => {
    const opened: string[] = [];
    const stream = writeEmlDraft({
      from: null,
      subject: 'S',
      text: 'T',
      date: new Date(),
      attachments: ['a.pdf', 'b.pdf'].map((name) => ({
        name,
        mediaType: 'application/pdf',
        open: () => {
          opened.push(name);
          // The first file must have been read to its end before the second opens.
          if (name === 'b.pdf') expect(opened).toEqual(['a.pdf', 'b.pdf']);
          return Readable.from([Buffer.from(name)]);
        },
      })),
    });
    expect(opened).toEqual([]);
    const names = parseWithPython(await collect(stream)).attachments.map((attachment) => attachment.filename);
    expect(names).toEqual(['a.pdf', 'b.pdf']);
    expect(opened).toEqual(['a.pdf', 'b.pdf']);
  });

  it('leaves From out when the address is unknown', async () => {
    const message = parseMime(await collect(writeEmlDraft({ from: null, subject: 'S', text: '', date: new Date(), attachments: [] })));
    expect(message.headers.has('from')).toBe(false);
    expect(message.parts).toHaveLength(1);
  });
});
