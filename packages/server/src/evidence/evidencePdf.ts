import { PDFDocument } from '@cantoo/pdf-lib';
import { PDF_LIB_OBJECTS_PER_TICK, PDF_LIB_PARSE_SPEED } from '../pdf/pdfLibPacing';
import { formatAmount, printedTime } from './evidenceFormats';
import type { EvidenceDocument, EvidenceHistoryRow } from './evidenceContents';
import { FLOW_COLOURS, PdfTextFlow } from './pdfTextFlow';
import type { FlowColumn } from './pdfTextFlow';

/** What one packet is made of: who asked, when, and the documents in the order asked. */
export interface EvidencePacketInput {
  producedBy: string;
  /** ISO time the packet was produced. */
  producedAt: string;
  productVersion: string;
  documents: readonly EvidenceDocument[];
}

/** How many hex digits of a row hash the history table prints (the cover prints each chain's last hash whole). */
export const HASH_PREFIX_LENGTH = 16;

/** `approve` → `Approve`. */
function actionLabel(action: string): string {
  return action.charAt(0).toUpperCase() + action.slice(1);
}

/** Where a history row moved the document: "into Inbox", "in Inbox" (no move), "L1 to L2". */
function movement(row: EvidenceHistoryRow): string {
  if (row.fromQueue === null) return row.toQueue === null ? '' : `into ${row.toQueue}`;
  if (row.toQueue === null) return `out of ${row.fromQueue}`;
  return row.fromQueueId === row.toQueueId ? `in ${row.toQueue}` : `${row.fromQueue} to ${row.toQueue}`;
}

const amountText = (value: number | null): string => (value === null ? '' : formatAmount(value));

/** The history table's columns (together the page's width). */
const HISTORY_COLUMNS: readonly FlowColumn[] = [
  { title: 'Row', width: 22 },
  { title: 'When', width: 74 },
  { title: 'Who', width: 74 },
  { title: 'Action', width: 42 },
  { title: 'From / to queue', width: 100 },
  { title: 'Level', width: 26 },
  { title: 'Amount', width: 56 },
  { title: 'Currency', width: 38 },
  { title: 'Limit', width: 56 },
  { title: 'Limit currency', width: 38 },
  { title: 'Override reason', width: 86 },
  { title: 'Note', width: 89 },
  { title: 'Row hash', width: 68 },
];

const QUEUE_COLUMNS: readonly FlowColumn[] = [
  { title: 'Queue', width: 150 },
  { title: 'Entered', width: 86 },
  { title: 'Entered by', width: 140 },
  { title: 'How', width: 70 },
  { title: 'Left', width: 86 },
  { title: 'Left by', width: 140 },
  { title: 'How', width: 97 },
];

const NOTE_COLUMNS: readonly FlowColumn[] = [
  { title: 'When', width: 86 },
  { title: 'Author', width: 140 },
  { title: 'Kind', width: 44 },
  { title: 'Text', width: 499 },
];

const COVER_COLUMNS: readonly FlowColumn[] = [
  { title: '#', width: 20 },
  { title: 'Document', width: 160 },
  { title: 'Id', width: 40 },
  { title: 'Queue now', width: 100 },
  { title: 'ERP link and status', width: 140 },
  { title: 'History', width: 130 },
  { title: 'Last row hash', width: 179 },
];

/** "Vendor V10000 (CRONUS)", or "not linked". */
function linkText(document: EvidenceDocument): string {
  const link = document.link;
  return link === null ? 'not linked' : `${link.recordType} ${link.recordNumber} (${link.company})`.replace(/\s+/g, ' ');
}

/** The cover's ERP cell: the link, and where the ERP write-back stands when one was owed. */
function coverErpText(document: EvidenceDocument): string {
  return document.erpStatus === null ? linkText(document) : `${linkText(document)}; ${document.erpStatus.text}`;
}

function writeCover(flow: PdfTextFlow, input: EvidencePacketInput): void {
  flow.newPage();
  flow.heading('Evidence packet', 18);
  flow.labelled([
    ['Produced by', input.producedBy],
    ['Produced at', printedTime(input.producedAt)],
    ['Produced with', `Datahaven Documents ${input.productVersion}`],
    ['Documents', String(input.documents.length)],
  ]);
  flow.gap(6);
  flow.paragraph(
    'Each document follows with its details, its ERP link, its approval and workflow history (who, when, the level, the amount and the limit it was judged by, override reasons, notes), the queues it passed through, every note, and its pages with their annotations burned in.',
  );
  flow.paragraph(
    "Every history row holds the SHA-256 hash of the row before it. 'History intact' means no row was changed, removed or put in another order since it was written; 'History broken at row N' names the first row that does not hold. Rows removed from the end leave the rest intact: compare the last row hash below with an earlier packet's. Characters the PDF's standard font cannot show are printed as '?'.",
    { color: FLOW_COLOURS.muted },
  );
  flow.heading('History verification');
  flow.table(
    COVER_COLUMNS,
    input.documents.map((document, index) => [
      String(index + 1),
      document.name,
      String(document.id),
      document.queueNow ?? '',
      coverErpText(document),
      document.verification.message,
      document.verification.lastRowHash ?? '',
    ]),
    'No documents.',
  );
}

async function writeDocument(flow: PdfTextFlow, pdf: PDFDocument, document: EvidenceDocument, index: number, total: number): Promise<void> {
  flow.newPage();
  flow.heading(`Document ${index + 1} of ${total}: ${document.name}`, 15);
  const link = document.link;
  flow.labelled([
    ['Document id', String(document.id)],
    ['File', `${document.name} (.${document.extension}, ${document.pages} ${document.pages === 1 ? 'page' : 'pages'})`],
    ['File SHA-256', document.sha256],
    ['Stored', `${printedTime(document.createdAt)} by ${document.createdBy}`],
    ['Subtype', document.subtype ?? ''],
    ['Queue now', document.queueNow ?? 'not in a queue'],
    ['ERP link', linkText(document)],
    ...(link === null
      ? []
      : ([
          ['ERP record type', link.entityTypeName],
          ['ERP record id', link.recordId],
          ['ERP record URL', link.url ?? `not known: ${link.urlProblem ?? 'the ERP did not answer'}`],
          ...link.facts.map((fact) => [fact.label, fact.value] as const),
        ] as const)),
    ...(document.erpStatus === null ? [] : ([['ERP status', `${document.erpStatus.text}. ${document.erpStatus.detail}`]] as const)),
  ]);
  flow.gap(4);
  const verification = document.verification;
  flow.paragraph(verification.message, { bold: true, size: 11, color: verification.intact ? FLOW_COLOURS.intact : FLOW_COLOURS.broken });
  if (verification.lastRowHash !== null)
    flow.paragraph(`Last row hash: ${verification.lastRowHash}`, { size: 8, color: FLOW_COLOURS.muted });

  flow.heading('Approval and workflow history');
  flow.table(
    HISTORY_COLUMNS,
    document.history.map((row) => [
      String(row.position),
      printedTime(row.at),
      row.who,
      actionLabel(row.action),
      movement(row),
      row.level === null ? '' : String(row.level),
      amountText(row.amount),
      row.amountCurrency ?? '',
      amountText(row.limit),
      row.limitCurrency ?? '',
      row.overrideReason ?? '',
      row.note ?? '',
      row.rowHash === null ? '(none)' : row.rowHash.slice(0, HASH_PREFIX_LENGTH),
    ]),
    'No history rows.',
  );

  flow.heading('Queue history');
  flow.table(
    QUEUE_COLUMNS,
    document.queueStays.map((stay) => [
      stay.queue,
      printedTime(stay.enteredAt),
      stay.enteredBy ?? '',
      actionLabel(stay.enteredHow),
      stay.leftAt === null ? 'still there' : printedTime(stay.leftAt),
      stay.leftBy ?? '',
      stay.leftHow === null ? '' : actionLabel(stay.leftHow),
    ]),
    'The document has not been in a queue.',
  );

  flow.heading('Notes');
  flow.table(
    NOTE_COLUMNS,
    document.notes.map((note) => [printedTime(note.at), note.author, note.kind, note.text]),
    'No notes.',
  );

  flow.heading('Document pages');
  let pdfOf: Awaited<ReturnType<EvidenceDocument['readPdf']>>;
  try {
    pdfOf = await document.readPdf();
  } catch (error) {
    pdfOf = { problem: `The document's pages could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if ('problem' in pdfOf) {
    flow.paragraph(pdfOf.problem);
    return;
  }
  try {
    const source = await PDFDocument.load(pdfOf.bytes, { updateMetadata: false, parseSpeed: PDF_LIB_PARSE_SPEED });
    const pages = await pdf.copyPages(source, source.getPageIndices());
    flow.paragraph(
      `The document's ${pages.length} ${pages.length === 1 ? 'page follows' : 'pages follow'}, annotations burned in (this section's pages carry no footer).`,
    );
    for (const page of pages) pdf.addPage(page);
  } catch (error) {
    flow.paragraph(`The document's pages could not be copied into the packet: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The evidence packet as one PDF: a cover (who produced it, when, each document's history
 * verdict and last row hash), then per document its details and ERP link, the approval and
 * workflow history table, the queue history, every note, and its pages with annotations burned
 * in. Generated pages carry "Evidence packet … · page N of M" at the foot.
 */
export async function writeEvidencePdf(input: EvidencePacketInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const flow = await PdfTextFlow.create(pdf);
  writeCover(flow, input);
  for (const [index, document] of input.documents.entries()) await writeDocument(flow, pdf, document, index, input.documents.length);
  flow.footers(`Evidence packet produced ${printedTime(input.producedAt)} by ${input.producedBy}`);
  const title =
    input.documents.length === 1 ? `Evidence packet: ${input.documents[0].name}` : `Evidence packet: ${input.documents.length} documents`;
  pdf.setTitle(title);
  pdf.setAuthor(input.producedBy);
  pdf.setCreator('Datahaven Documents');
  pdf.setProducer(`Datahaven Documents ${input.productVersion}`);
  pdf.setCreationDate(new Date(input.producedAt));
  pdf.setModificationDate(new Date(input.producedAt));
  return pdf.save({ objectsPerTick: PDF_LIB_OBJECTS_PER_TICK });
}
