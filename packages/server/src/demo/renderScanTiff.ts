import sharp from 'sharp';
import { DEMO_COMPANY_NAME, DEMO_SCAN_PAGES, demoVendor } from './demoWorld';

/** 150 dpi US Letter, a common office-scanner setting. */
const WIDTH = 1275;
const HEIGHT = 1650;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text of the scanned letter from Fabrikam, page by page. */
export function scanPageTexts(): string[][] {
  const vendor = demoVendor('V10000');
  return [
    [
      vendor.name,
      ...vendor.address,
      '',
      DEMO_COMPANY_NAME,
      'Accounts Payable',
      '',
      'Atlanta, 3 March 2025',
      '',
      'Price list and delivery terms 2025',
      '',
      'Dear Accounts Payable team,',
      'please find enclosed our price list valid from 1 April 2025',
      'and our updated delivery terms. Invoices will quote your',
      'purchase order number and will be sent as PDF by e-mail.',
      '',
      'Kind regards,',
      vendor.contact,
    ],
    [
      `${vendor.name} - Price list 2025`,
      '',
      'Item                                   Unit   Price USD',
      'Steel shelving unit 180 x 90 cm        PCS       139.00',
      'Workbench, beech top, 200 cm           PCS       449.00',
      'Hand truck, 250 kg capacity            PCS       109.00',
      'Hex bolts M8 x 40, zinc plated (100)   PACK       11.20',
      'Safety gloves, nitrile, size L         PACK       15.40',
      'Pallet of corrugated boxes             PAL       219.00',
      'Stretch film 500 mm x 300 m            ROLL       19.90',
      '',
      'Prices exclude sales tax and freight.',
    ],
    [
      `${vendor.name} - Delivery terms`,
      '',
      '1. Deliveries within 5 working days of the order.',
      '2. Freight free above USD 1,500.00 per order.',
      '3. Payment: 30 days net from the invoice date.',
      '4. Claims within 8 days of delivery.',
      '',
      `Bank: ${vendor.bank}`,
      '',
      'Page 3 of 3',
    ],
  ];
}

function pageSvg(lines: readonly string[], pageNo: number): Buffer {
  const text = lines
    .map((line, i) => {
      const size = i === 0 ? 44 : 30;
      const weight = i === 0 ? 'bold' : 'normal';
      return `<text x="130" y="${180 + i * 52}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" xml:space="preserve">${escapeXml(line)}</text>`;
    })
    .join('');
  // Off-white paper, a faint scanner edge and a page stamp: it should look scanned, not printed.
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      `<rect width="100%" height="100%" fill="#f4f2ec"/>` +
      `<rect x="0" y="0" width="18" height="${HEIGHT}" fill="#d8d5cc"/>` +
      `<g fill="#1d1d1f">${text}</g>` +
      `<text x="${WIDTH - 260}" y="${HEIGHT - 80}" font-family="${FONT}" font-size="26" fill="#555">Scan p. ${pageNo}/${DEMO_SCAN_PAGES}</text>` +
      `</svg>`,
  );
}

/** A multi-page greyscale TIFF (LZW), one page per text page, rendered SVG → sharp → TIFF. */
export async function renderScanTiff(): Promise<Buffer> {
  const pages = await Promise.all(
    scanPageTexts().map((lines, i) =>
      sharp(pageSvg(lines, i + 1), { density: 72 })
        .greyscale()
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .greyscale()
    .tiff({ compression: 'lzw', xres: 150 / 25.4, yres: 150 / 25.4 })
    .toBuffer();
}
