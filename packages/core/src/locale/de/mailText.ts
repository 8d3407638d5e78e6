import { LIMITS } from '../../model';
import type { TextsOf } from '../../rules';
import type { MAIL_TEXT } from '../mailText';
import { pluralFor } from '../plural';

const plural = pluralFor('de');

/** "1 Beleg", "2 Belege". */
const documents = (count: number): string => `${count} ${plural(count, { one: 'Beleg', other: 'Belege' })}`;

/** MAIL_TEXT in German. */
export const MAIL_TEXT_DE: TextsOf<typeof MAIL_TEXT> = {
  views: 'Was mit dieser E-Mail geschehen soll',
  fileTab: 'Rechnung ablegen',
  replyTab: 'Mit Belegen antworten',
  noReply: 'Outlook hat für diese Nachricht keine ID geliefert, daher kann von hier keine Antwort entworfen werden.',

  file: {
    title: 'Rechnung aus dieser E-Mail ablegen',
    attachments: 'Anlagen',
    noAttachments: 'Diese Nachricht hat keine Anlagen zum Ablegen.',
    nothingImportable: 'Diese Nachricht hat keine Anlage, die abgelegt werden kann.',
    notAFile: (name: string): string =>
      `${name} ist keine Datei (eine angehängte Nachricht oder ein Cloud-Link) und kann nicht abgelegt werden.`,
    notImportable: (name: string): string => `${name} kann nicht abgelegt werden: Nur PDF-, TIFF- und Bilddateien werden importiert.`,
    overSizeLimit: (name: string, limit: string): string =>
      `${name} kann nicht abgelegt werden: Die Datei ist größer als die Upload-Grenze (${limit}).`,
    messageNotKept: 'Diese Outlook-Version kann die E-Mail selbst nicht herausgeben, daher können nur ihre Anlagen abgelegt werden.',
    untitledMessage: 'E-Mail',
    destination: 'Ablegen in',
    intoQueue: 'Eine Warteschlange',
    intoRecord: 'Den Ordner eines Datensatzes',
    queue: 'Warteschlange',
    noQueues: 'Sie dürfen in keine Warteschlange importieren.',
    loadingQueues: 'Ihre Warteschlangen werden geladen…',
    recordType: 'Datensatztyp',
    noRecordTypes: 'Es gibt keinen Datensatztyp, zu dem Sie Belege ablegen dürfen.',
    loadingRecordTypes: 'Die Datensatztypen werden geladen…',
    record: 'Datensatz',
    recordPlaceholder: 'Nach Nummer oder Name suchen',
    searching: 'Suche läuft…',
    noRecords: 'Kein Datensatz entspricht der Suche.',
    moreRecords: 'Weitere Datensätze',
    chooseRecord: 'Wählen Sie den Datensatz, zu dem die Belege abgelegt werden.',
    folder: 'Ordner',
    mayNotUpload: (table: string): string => `Sie dürfen keine Belege zu Datensätzen vom Typ ${table} ablegen.`,
    keepMessage: 'Die E-Mail selbst als Beleg aufbewahren',
    note: 'Notiz',
    file: 'Ablegen',
    filing: 'Wird abgelegt…',
    progress: 'Fortschritt',
    waiting: 'Wartet',
    reading: 'Wird aus Outlook gelesen…',
    sending: 'Wird gesendet…',
    filed: 'Abgelegt',
    notFiled: 'Nicht abgelegt',
    filedIn: (count: number, queue: string): string => `${documents(count)} in ${queue} abgelegt.`,
    filedOn: (count: number, record: string, folder: string | null): string =>
      `${documents(count)} zu ${record}${folder === null ? '' : ` im Ordner ${folder}`} abgelegt.`,
    waitsIn: (count: number, queue: string): string => `${plural(count, { one: 'Er wartet', other: 'Sie warten' })} in ${queue}.`,
    openQueue: (queue: string): string => `${queue} öffnen`,
    nothingFiled: 'Nichts wurde abgelegt.',
  },

  reply: {
    title: 'Mit Belegen antworten',
    find: 'Belege suchen',
    search: 'Suchen',
    searching: 'Suche läuft…',
    searchResults: 'Suchergebnisse',
    noResults: 'Keine Belege gefunden.',
    moreResults: (shown: number, total: number): string =>
      `${shown} von ${total} angezeigt: Fügen Sie Suchbegriffe hinzu, um die Suche einzugrenzen.`,
    picked: (count: number): string => `Anzuhängen (${count} von höchstens ${LIMITS.downloadMenuMaxDocuments})`,
    nothingPicked: 'Wählen Sie einen oder mehrere Belege zum Anhängen.',
    atLimit: `Eine Antwort umfasst höchstens ${LIMITS.downloadMenuMaxDocuments} Belege.`,
    remove: (name: string): string => `${name} entfernen`,
    withAnnotations: 'Mit Anmerkungen',
    comment: 'Kommentar (optional)',
    reply: (count: number): string => (count === 0 ? 'Antworten' : `Mit ${documents(count)} antworten`),
    retry: 'Erneut versuchen',
    busy: 'Antwortentwurf wird erstellt…',
    created: (count: number): string => `Antwortentwurf mit ${count} ${plural(count, { one: 'Anlage', other: 'Anlagen' })} erstellt.`,
    attached: 'Angehängt',
    openDraft: 'Entwurf öffnen',
    notCreated: 'Der Antwortentwurf wurde nicht erstellt.',
    parts: (chunks: number): string => `in ${chunks} ${plural(chunks, { one: 'Teil', other: 'Teilen' })} hochgeladen`,
  },
};
