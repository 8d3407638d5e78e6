import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { extensionOf, sniffFileType } from './fileSignature';

const bytes = (...values: number[]): Buffer => Buffer.from(values);
const text = (value: string): Buffer => Buffer.from(value, 'utf8');

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0);
const GIF = text('GIF89a\x01\x00\x01\x00');
const TIFF_LE = bytes(0x49, 0x49, 0x2a, 0, 8, 0, 0, 0);
const TIFF_BE = bytes(0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8);
const ZIP = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04, 20, 0), text('[Content_Types].xml')]);
const CFB = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0);
const PDF = text('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n');

function bmpHeader(): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + 4, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(1, 18);
  header.writeInt32LE(1, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return header;
}

const SVG = text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const HTML = text('<!DOCTYPE html><html><body><script>fetch("/api/keys")</script></body></html>');

describe('sniffFileType', () => {
  test.each([
    ['invoice.pdf', PDF, 'pdf', 'application/pdf'],
    ['scan.tif', TIFF_LE, 'tif', 'image/tiff'],
    ['scan.TIFF', TIFF_BE, 'tiff', 'image/tiff'],
    ['photo.jpg', JPEG, 'jpg', 'image/jpeg'],
    ['photo.jpeg', JPEG, 'jpeg', 'image/jpeg'],
    ['logo.png', PNG, 'png', 'image/png'],
    ['old.bmp', bmpHeader(), 'bmp', 'image/bmp'],
    ['anim.gif', GIF, 'gif', 'image/gif'],
    ['letter.docx', ZIP, 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xlsx', ZIP, 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['deck.pptx', ZIP, 'pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['letter.doc', CFB, 'doc', 'application/msword'],
    ['sheet.xls', CFB, 'xls', 'application/vnd.ms-excel'],
    ['mail.msg', CFB, 'msg', 'application/vnd.ms-outlook'],
    [
      'mail.eml',
      text('Received: from x\r\nFrom: a@example.com\r\nTo: b@example.com\r\nSubject: Invoice\r\n\r\n<html>body</html>'),
      'eml',
      'message/rfc822',
    ],
    ['notes.txt', text('Invoice 4711, total 1.234,56 € – paid\r\n'), 'txt', 'text/plain'],
    ['lines.csv', text('"No.";"Amount"\n"PI-1001";"12.50"\n'), 'csv', 'text/csv'],
    ['utf16.txt', Buffer.concat([bytes(0xff, 0xfe), Buffer.from('Hello', 'utf16le')]), 'txt', 'text/plain'],
    ['bom.csv', Buffer.concat([bytes(0xef, 0xbb, 0xbf), text('a,b\n1,2\n')]), 'csv', 'text/csv'],
  ])('accepts %s', (name, head, extension, mediaType) => {
    expect(sniffFileType(head, name)).toEqual({ extension, mediaType });
  });

  test('accepts a PDF with a few junk bytes before the header, not with markup before it', () => {
    expect(sniffFileType(Buffer.concat([bytes(0, 0, 0, 0x0a), PDF]), 'scan.pdf')?.extension).toBe('pdf');
    expect(sniffFileType(text('<svg><!-- %PDF-1.4 --></svg>'), 'x.pdf')).toBeNull();
  });

  test('accepts real files made by the libraries we use', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    expect(sniffFileType(Buffer.from(await pdf.save()), 'made.pdf')?.mediaType).toBe('application/pdf');
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } });
    expect(sniffFileType(await image.clone().png().toBuffer(), 'a.png')?.extension).toBe('png');
    expect(sniffFileType(await image.clone().jpeg().toBuffer(), 'a.jpg')?.extension).toBe('jpg');
    expect(sniffFileType(await image.clone().tiff().toBuffer(), 'a.tif')?.extension).toBe('tif');
    expect(sniffFileType(await image.clone().gif().toBuffer(), 'a.gif')?.extension).toBe('gif');
  });

  describe('SECURITY row 1: SVG and HTML never pass, renamed or not', () => {
    test.each([
      ['drawing.svg', SVG],
      ['drawing.pdf', SVG],
      ['drawing.txt', SVG],
      ['page.html', HTML],
      ['page.htm', HTML],
      ['page.txt', HTML],
      ['page.csv', HTML],
      ['page.eml', HTML],
      ['page.pdf', HTML],
      ['lower.txt', text('  \n<html><script>alert(1)</script>')],
      ['inline.txt', text('hello <script>alert(1)</script>')],
      ['inline.csv', text('a,b\n1,"<svg onload=alert(1)>"\n')],
      ['img.txt', text('x <img src=x onerror=alert(1)>')],
      ['utf16.txt', Buffer.concat([bytes(0xff, 0xfe), Buffer.from('<html><script>alert(1)</script>', 'utf16le')])],
      ['data.xml', text('<?xml version="1.0"?><a/>')],
      // E-invoice roots only, and never with a DOCTYPE, a stylesheet or after other markup (issue 36).
      [
        'doctype.xml',
        text(
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
        ),
      ],
      [
        'styled.xml',
        text(
          '<?xml version="1.0"?><?xml-stylesheet href="x.xsl"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
        ),
      ],
      [
        'svg.xml',
        text('<svg xmlns="http://www.w3.org/2000/svg"><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/></svg>'),
      ],
      ['wrongns.xml', text('<Invoice xmlns="urn:example:invoice"><ID>1</ID></Invoice>')],
      ['einvoice.txt', text('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')],
      ['data.txt', text('<?xml version="1.0"?><a/>')],
      ['run.sh', text('#!/bin/sh\nrm -rf /\n')],
      ['run.txt', text('#!/bin/sh\nrm -rf /\n')],
      ['app.js', text('alert(1)')],
      ['run.bat', text('del *.*')],
      ['run.ps1', text('Remove-Item *')],
    ])('refuses %s', (name, head) => {
      expect(sniffFileType(head, name)).toBeNull();
    });
  });

  test.each([
    [
      'ubl.xml',
      text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- PEPPOL -->\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="x">',
      ),
    ],
    ['cn.xml', text('<cn:CreditNote xmlns:cn="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2">')],
    [
      'cii.xml',
      text('<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">'),
    ],
  ])('accepts the e-invoice XML %s as application/xml (capture reads it, issue 36)', (name, head) => {
    expect(sniffFileType(head, name)).toEqual({ extension: 'xml', mediaType: 'application/xml' });
  });

  describe('SECURITY row 2: the bytes must agree with the extension', () => {
    test.each([
      ['PNG bytes named .pdf', PNG, 'image.pdf'],
      ['JPEG bytes named .png', JPEG, 'photo.png'],
      ['PDF bytes named .jpg', PDF, 'doc.jpg'],
      ['TIFF bytes named .bmp', TIFF_LE, 'scan.bmp'],
      ['ZIP bytes named .doc', ZIP, 'letter.doc'],
      ['CFB bytes named .docx', CFB, 'letter.docx'],
      ['PNG bytes named .txt', PNG, 'notes.txt'],
      ['PDF bytes named .csv', text('%PDF-1.4\n\x00\x01\x02'), 'lines.csv'],
      ['plain text named .eml', text('just some words\nand more'), 'mail.eml'],
      ['text named .pdf', text('hello'), 'hello.pdf'],
      ['"BM" text named .bmp', text('BM is not a bitmap header at all'), 'fake.bmp'],
      ['GIF bytes named .tif', GIF, 'a.tif'],
    ])('refuses %s', (_label, head, name) => {
      expect(sniffFileType(head, name)).toBeNull();
    });
  });

  test('refuses names without an allowed extension', () => {
    expect(sniffFileType(PDF, 'invoice')).toBeNull();
    expect(sniffFileType(PDF, 'invoice.')).toBeNull();
    expect(sniffFileType(PDF, 'invoice.pdf.exe')).toBeNull();
    expect(sniffFileType(Buffer.alloc(0), 'empty.pdf')).toBeNull();
  });
});

describe('extensionOf', () => {
  test('takes the part after the last dot, lower-cased', () => {
    expect(extensionOf('A.B.PDF')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('..\\..\\x.TxT ')).toBe('txt');
  });
});
