/**
 * The request checks' fixed texts in German, by their English: the contract's `errorMessage`s
 * (thrown by the schema validator, http/plugins/requestValidation) and the same words the route
 * readers (http/requestHelpers) and upload routes throw. Parameter names, flag values and
 * examples stay as the client sends them.
 */
const FIXED_DE: ReadonlyMap<string, string> = new Map([
  ['Document ids are positive integers.', 'Beleg-IDs sind positive ganze Zahlen.'],
  ['Queue ids are positive integers.', 'Warteschlangen-IDs sind positive ganze Zahlen.'],
  ['User ids are positive integers.', 'Benutzer-IDs sind positive ganze Zahlen.'],
  ['Annotation ids are UUIDs.', 'Anmerkungs-IDs sind UUIDs.'],
  ['Pages are numbered from 1.', 'Seiten werden ab 1 gezählt.'],
  ['The key id must be a positive integer.', 'Die Schlüssel-ID muss eine positive ganze Zahl sein.'],
  ['The queue id must be a positive integer.', 'Die Warteschlangen-ID muss eine positive ganze Zahl sein.'],
  ['The step must be a positive integer.', 'Der Schritt muss eine positive ganze Zahl sein.'],
  ['The record group id must be a positive integer.', 'Die Datensatzgruppen-ID muss eine positive ganze Zahl sein.'],
  [
    'The source id (an integrated table id) must be a positive integer.',
    'Die Quell-ID (die ID einer integrierten Tabelle) muss eine positive ganze Zahl sein.',
  ],
  ['The subtype id must be a positive integer.', 'Die Untertyp-ID muss eine positive ganze Zahl sein.'],
  ['The table id must be a positive integer.', 'Die Tabellen-ID muss eine positive ganze Zahl sein.'],
  [
    'An entity type name is prefix:type, e.g. bc:Microsoft.NAV.vendor.',
    'Ein Entitätstypname hat die Form Präfix:Typ, z. B. bc:Microsoft.NAV.vendor.',
  ],
  ["format must be 'xlsx' or 'csv'.", "format muss 'xlsx' oder 'csv' sein."],
  ['At most 500 document ids per request.', 'Pro Anforderung sind höchstens 500 Beleg-IDs zulässig.'],
  ['Name the documents with docId[].', 'Geben Sie die Belege mit docId[] an.'],
  ['skip must be 0 or more.', 'skip muss 0 oder größer sein.'],
  ['queueId must be a queue id.', 'queueId muss eine Warteschlangen-ID sein.'],
  ['No file was sent.', 'Es wurde keine Datei gesendet.'],
  [
    'The upload must be multipart/form-data with one or more file parts.',
    'Der Upload muss multipart/form-data mit einem oder mehreren Dateiteilen sein.',
  ],
  ['q is limited to 200 characters.', 'q ist auf 200 Zeichen begrenzt.'],
]);

/** Where in the request a field sits, as the validator names it ('body', 'query', …), in German. */
const PART_DE: Readonly<Record<string, string>> = {
  body: 'im Anforderungstext',
  query: 'in der Abfrage',
  params: 'in den Pfadparametern',
  headers: 'in den Kopfzeilen',
};

/** The same part as the subject of a sentence ("Der Anforderungstext ist ungültig"). */
const PART_SUBJECT_DE: Readonly<Record<string, string>> = {
  body: 'Der Anforderungstext',
  query: 'Die Abfrage',
  params: 'Die Pfadparameter',
  headers: 'Die Kopfzeilen',
};

/** The checks' texts with a name in them, English pattern → German; the validator's own detail (e.g. 'must be integer') stays. */
const TEMPLATES_DE: readonly (readonly [RegExp, (...parts: string[]) => string])[] = [
  [/^The parameter (\S+) must be a positive integer\.$/, (name) => `Der Parameter ${name} muss eine positive ganze Zahl sein.`],
  [/^The parameter (\S+) must be an integer\.$/, (name) => `Der Parameter ${name} muss eine ganze Zahl sein.`],
  [/^The parameter (\S+) must be true or false\.$/, (name) => `Der Parameter ${name} muss true oder false sein.`],
  [/^The parameter (\S+) is required\.$/, (name) => `Der Parameter ${name} ist erforderlich.`],
  [/^(\S+) must be a positive integer\.$/, (name) => `${name} muss eine positive ganze Zahl sein.`],
  [/^(\S+) must be true or false\.$/, (name) => `${name} muss true oder false sein.`],
  [/^Unknown field '(.*)' in the (body|query|params|headers)\.$/s, (field, part) => `Unbekanntes Feld '${field}' ${PART_DE[part]}.`],
  [
    /^The field '(.*)' is required in the (body|query|params|headers)\.$/s,
    (field, part) => `Das Feld '${field}' ist ${PART_DE[part]} erforderlich.`,
  ],
  [/^The (body|query|params|headers) is not valid\.$/, (part) => `${PART_SUBJECT_DE[part]} ist ungültig.`],
  [/^The field '(.*)' is not valid\.$/s, (field) => `Das Feld '${field}' ist ungültig.`],
  [/^The field '(.*)' (.+)\.$/s, (field, detail) => `Das Feld '${field}' ist ungültig (${detail}).`],
  [/^The (body|query|params|headers) (.+)\.$/s, (part, detail) => `${PART_SUBJECT_DE[part]} ist ungültig (${detail}).`],
];

/** A request check's English text in German, or undefined when it is none of theirs. */
export function fieldMessageDe(english: string): string | undefined {
  const fixed = FIXED_DE.get(english);
  if (fixed !== undefined) return fixed;
  for (const [pattern, german] of TEMPLATES_DE) {
    const match = pattern.exec(english);
    if (match !== null) return german(...match.slice(1));
  }
  return undefined;
}
