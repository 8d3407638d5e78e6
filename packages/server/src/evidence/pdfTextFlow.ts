import { StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { PDFDocument, PDFFont, PDFPage, RGB } from '@cantoo/pdf-lib';

/** A4 landscape: the history table's thirteen columns fit across it. */
const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 36;
/** Room kept free at the bottom for the page footer. */
const FOOTER = 18;
const CONTENT_WIDTH = PAGE[0] - 2 * MARGIN;

/** A table column: its heading and its width in points (the widths add up to the content width at most). */
export interface FlowColumn {
  title: string;
  width: number;
}

/** Options of a paragraph. */
export interface ParagraphOptions {
  size?: number;
  bold?: boolean;
  color?: RGB;
}

/** The width text may take on a page (landscape A4 less the margins), for tables that fill it. */
export const FLOW_CONTENT_WIDTH = CONTENT_WIDTH;

/** Greys and the two verdict colours of the packet. */
export const FLOW_COLOURS = {
  text: rgb(0.1, 0.1, 0.1),
  muted: rgb(0.35, 0.35, 0.35),
  rule: rgb(0.75, 0.75, 0.75),
  headerFill: rgb(0.9, 0.9, 0.9),
  intact: rgb(0.05, 0.4, 0.1),
  broken: rgb(0.7, 0.05, 0.05),
} as const;

/**
 * Text laid out on generated pages of a PDF, top to bottom, in the standard Helvetica fonts:
 * headings, paragraphs, label/value lines and tables whose cells wrap and whose rows flow over as
 * many pages as they need (a row taller than a page is split, the heading row repeated on each
 * page). The standard fonts encode WinAnsi only: any other character is printed as '?' (the
 * packet names this on its cover), so no text can make the packet fail.
 */
export class PdfTextFlow {
  /** The pages this flow made, in order (the caller numbers them). */
  readonly pages: PDFPage[] = [];
  private page: PDFPage | null = null;
  private y = 0;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly encodable: ReadonlySet<number>,
  ) {}

  /** A flow over `pdf` with Helvetica and Helvetica-Bold embedded. */
  static async create(pdf: PDFDocument): Promise<PdfTextFlow> {
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new PdfTextFlow(pdf, regular, bold, new Set(regular.getCharacterSet()));
  }

  /** Starts a new page; what follows is written at its top. */
  newPage(): void {
    this.page = this.pdf.addPage(PAGE);
    this.pages.push(this.page);
    this.y = PAGE[1] - MARGIN;
  }

  /** `text` as the fonts can print it: tabs as spaces, other control characters and what WinAnsi lacks as '?'. */
  printable(text: string): string {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (char === '\t') out += ' ';
      else if (code < 0x20 || !this.encodable.has(code)) out += '?';
      else out += char;
    }
    return out;
  }

  /** The lines `text` takes at `size` within `width` (words kept whole unless one alone is wider). */
  wrap(text: string, width: number, size: number, bold = false): string[] {
    const font = bold ? this.bold : this.regular;
    const fits = (line: string): boolean => font.widthOfTextAtSize(line, size) <= width;
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      let line = '';
      for (const word of this.printable(paragraph).split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        line = '';
        // A word wider than the column is cut where it no longer fits.
        let rest = word;
        while (!fits(rest)) {
          let cut = 1;
          while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut += 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private lineHeight(size: number): number {
    return size * 1.3;
  }

  /** The page being written, a new one when there is none or fewer than `height` points are left. */
  private room(height: number): PDFPage {
    if (this.page === null || this.y - height < MARGIN + FOOTER) this.newPage();
    if (this.page === null) throw new Error('No page to write on.');
    return this.page;
  }

  private drawLine(text: string, x: number, size: number, bold: boolean, color: RGB): void {
    const page = this.room(this.lineHeight(size));
    this.y -= this.lineHeight(size);
    if (text !== '') page.drawText(text, { x, y: this.y + size * 0.3, size, font: bold ? this.bold : this.regular, color });
  }

  /** Empty space of `points`. */
  gap(points: number): void {
    if (this.page !== null) this.y -= points;
  }

  /** A heading; it starts a new page itself when fewer than a few lines are left under it. */
  heading(text: string, size = 13): void {
    this.room(this.lineHeight(size) + 4 * this.lineHeight(8));
    this.gap(4);
    for (const line of this.wrap(text, CONTENT_WIDTH, size, true)) this.drawLine(line, MARGIN, size, true, FLOW_COLOURS.text);
    this.gap(2);
  }

  /** A paragraph, wrapped across the page. */
  paragraph(text: string, options: ParagraphOptions = {}): void {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    for (const line of this.wrap(text, CONTENT_WIDTH, size, bold))
      this.drawLine(line, MARGIN, size, bold, options.color ?? FLOW_COLOURS.text);
  }

  /** Label/value lines, the values lined up and wrapped beside their labels. */
  labelled(pairs: readonly (readonly [string, string])[], size = 9): void {
    const labelWidth = 150;
    for (const [label, value] of pairs) {
      const lines = this.wrap(value === '' ? '—' : value, CONTENT_WIDTH - labelWidth, size);
      for (const [index, line] of lines.entries()) {
        const page = this.room(this.lineHeight(size));
        this.y -= this.lineHeight(size);
        if (index === 0)
          page.drawText(this.printable(label), { x: MARGIN, y: this.y + size * 0.3, size, font: this.bold, color: FLOW_COLOURS.muted });
        page.drawText(line, { x: MARGIN + labelWidth, y: this.y + size * 0.3, size, font: this.regular, color: FLOW_COLOURS.text });
      }
    }
  }

  /**
   * A table: the heading row on a grey band, then each row's cells wrapped in their columns,
   * drawn cell after cell (so an extracted text reads each cell whole). A row that does not fit
   * on what is left of the page goes on the next one, under the heading row again; a row taller
   * than a whole page is split between pages. An empty table says `empty` instead.
   */
  table(columns: readonly FlowColumn[], rows: readonly (readonly string[])[], empty: string, size = 7): void {
    if (rows.length === 0) {
      this.paragraph(empty, { color: FLOW_COLOURS.muted });
      return;
    }
    const lineHeight = this.lineHeight(size);
    const padding = 2;
    const headerLines = columns.map((column) => this.wrap(column.title, column.width - 2 * padding, size, true));
    const headerHeight = Math.max(...headerLines.map((lines) => lines.length)) * lineHeight + 2 * padding;
    const drawHeader = (): void => {
      const page = this.room(headerHeight + lineHeight + 2 * padding);
      page.drawRectangle({
        x: MARGIN,
        y: this.y - headerHeight,
        width: CONTENT_WIDTH,
        height: headerHeight,
        color: FLOW_COLOURS.headerFill,
      });
      this.drawCells(page, columns, headerLines, this.y - padding, size, true);
      this.y -= headerHeight;
    };
    drawHeader();
    for (const row of rows) {
      const cells = columns.map((column, index) => this.wrap(row[index] ?? '', column.width - 2 * padding, size));
      let from = 0;
      const tallest = Math.max(...cells.map((lines) => lines.length));
      while (from < tallest) {
        let fitting = Math.floor((this.y - MARGIN - FOOTER - 2 * padding) / lineHeight);
        // Keep a short row whole: move it to the next page rather than split it.
        if (fitting < Math.min(tallest - from, 3) || fitting < 1) {
          this.newPage();
          drawHeader();
          fitting = Math.floor((this.y - MARGIN - FOOTER - 2 * padding) / lineHeight);
        }
        const count = Math.min(fitting, tallest - from);
        const page = this.room(0);
        this.drawCells(
          page,
          columns,
          cells.map((lines) => lines.slice(from, from + count)),
          this.y - padding,
          size,
          false,
        );
        this.y -= count * lineHeight + 2 * padding;
        page.drawLine({
          start: { x: MARGIN, y: this.y },
          end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
          thickness: 0.3,
          color: FLOW_COLOURS.rule,
        });
        from += count;
      }
    }
  }

  private drawCells(
    page: PDFPage,
    columns: readonly FlowColumn[],
    cells: readonly (readonly string[])[],
    top: number,
    size: number,
    bold: boolean,
  ): void {
    const lineHeight = this.lineHeight(size);
    let x = MARGIN;
    for (const [index, column] of columns.entries()) {
      for (const [line, text] of (cells[index] ?? []).entries()) {
        if (text === '') continue;
        page.drawText(text, {
          x: x + 2,
          y: top - (line + 1) * lineHeight + size * 0.3,
          size,
          font: bold ? this.bold : this.regular,
          color: FLOW_COLOURS.text,
        });
      }
      x += column.width;
    }
  }

  /** Writes "<left> · page N of M" at the foot of each of this flow's pages, N and M counting every page of the PDF. */
  footers(left: string): void {
    const all = this.pdf.getPages();
    const numbers = new Map(all.map((page, index) => [page, index + 1]));
    const text = this.printable(left);
    for (const page of this.pages) {
      const number = numbers.get(page) ?? 0;
      page.drawText(`${text} · page ${number} of ${all.length}`, {
        x: MARGIN,
        y: MARGIN - 12,
        size: 7,
        font: this.regular,
        color: FLOW_COLOURS.muted,
      });
    }
  }
}
