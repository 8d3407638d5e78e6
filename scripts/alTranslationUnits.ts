/*
 * The translatable texts of AL source as the AL compiler lists them in its generated XLIFF
 * (app.json feature "TranslationFile"): every Caption, ToolTip and other translatable property, and
 * every Label, with the compiler's trans-unit id ("Page 1234 - Control 5678 - Property 2879900210",
 * names hashed) and its note ("Page Datahaven Setup - Control BaseUrl - Property ToolTip"). No AL
 * compiler runs in this repository, so scripts/writeBcXliff.ts writes the .g.xlf from this and the
 * tests hold the translations to it. Written for the extension's formatting (one declaration or
 * property per line, braces on their own lines), which AL's formatter keeps.
 */

/** One text to translate, as a trans-unit of the generated XLIFF. */
export interface AlTranslationUnit {
  /** The compiler's id: object, element and property (or label) kinds with their names hashed. */
  id: string;
  /** The same path with the names: the "Xliff Generator" note. */
  note: string;
  /** The English text (quotes doubled in AL undone). */
  source: string;
  /** The Comment of the property or label (the "Developer" note); '' when none. */
  comment: string;
  /** Locked = true: shipped as is, never translated (translate="no"). */
  locked: boolean;
  /** MaxLength of a label, when set. */
  maxLength: number | null;
  /** The .al file and line it comes from (1-based), for messages. */
  file: string;
  line: number;
}

/** AL's object keywords and the names the XLIFF ids give them. */
export const AL_OBJECT_KINDS: Readonly<Record<string, string>> = {
  table: 'Table',
  tableextension: 'TableExtension',
  page: 'Page',
  pageextension: 'PageExtension',
  codeunit: 'Codeunit',
  enum: 'Enum',
  enumextension: 'EnumExtension',
  permissionset: 'PermissionSet',
  permissionsetextension: 'PermissionSetExtension',
  report: 'Report',
  reportextension: 'ReportExtension',
  query: 'Query',
  xmlport: 'XmlPort',
  controladdin: 'ControlAddIn',
  interface: 'Interface',
  profile: 'Profile',
};

/** The properties whose text the compiler offers for translation. */
const TRANSLATABLE_PROPERTIES = [
  'Caption',
  'ToolTip',
  'EntityCaption',
  'EntitySetCaption',
  'OptionCaption',
  'AboutTitle',
  'AboutText',
  'InstructionalText',
  'PromotedActionCategories',
  'RequestFilterHeading',
];

/**
 * The name hash of the compiler's XLIFF ids: 32-bit FNV-1a over the name's UTF-16LE bytes, read as
 * a signed integer and shifted by Int32.MaxValue into a non-negative number ("Caption" → 2879900210).
 */
export function alNameHash(name: string): number {
  let hash = 0x811c9dc5 | 0;
  for (const byte of Buffer.from(name, 'utf16le')) hash = Math.imul(hash ^ byte, 16777619);
  return hash + 2147483647;
}

const NAME = String.raw`("(?:[^"]|"")+"|[A-Za-z_]\w*)`;
const TEXT = String.raw`'((?:[^']|'')*)'`;
const OBJECT_HEADER = new RegExp(`^(${Object.keys(AL_OBJECT_KINDS).join('|')})\\s+(?:\\d+\\s+)?${NAME}`);
/** Elements with a name of their own in the ids: a table field's name is second, a page control's first. */
const TABLE_FIELD = new RegExp(String.raw`^field\(\d+;\s*${NAME};`);
const PAGE_CONTROL = new RegExp(String.raw`^(field|group|repeater|part|usercontrol|systempart|cuegroup|fixed|grid)\(${NAME}\s*[;)]`);
const ACTION = new RegExp(String.raw`^(action|group|separator|customaction|fileuploadaction)\(${NAME}\)`);
const ENUM_VALUE = new RegExp(String.raw`^value\(\d+;\s*${NAME}\)`);
const METHOD = new RegExp(String.raw`^(?:\[[^\]]*\]\s*)*(?:local\s+|internal\s+|protected\s+)?(procedure|trigger)\s+${NAME}\(`);
const PROPERTY = new RegExp(String.raw`^(${TRANSLATABLE_PROPERTIES.join('|')})\s*=\s*${TEXT}(.*);\s*$`);
const LABEL = new RegExp(String.raw`^${NAME}\s*:\s*Label\s+${TEXT}(.*);\s*$`);

const unquote = (name: string): string => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);
const untext = (text: string): string => text.replace(/''/g, "'");

/** The Comment, Locked and MaxLength after a property's or label's text. */
function attributesOf(rest: string): { comment: string; locked: boolean; maxLength: number | null } {
  const comment = new RegExp(String.raw`Comment\s*=\s*${TEXT}`, 'i').exec(rest);
  const maxLength = /MaxLength\s*=\s*(\d+)/i.exec(rest);
  return {
    comment: comment === null ? '' : untext(comment[1]),
    locked: /Locked\s*=\s*true/i.test(rest),
    maxLength: maxLength === null ? null : Number(maxLength[1]),
  };
}

interface Frame {
  /** The id and note parts this block adds ('' for blocks the ids skip: layout, area, addfirst …). */
  kind: string;
  name: string;
  indent: number;
}

/** The translatable texts of the .al files, in file order, as the compiler's generated XLIFF lists them. */
export function alTranslationUnits(files: readonly { file: string; text: string }[]): AlTranslationUnit[] {
  const units: AlTranslationUnit[] = [];
  for (const { file, text } of files) {
    const lines = text.split(/\r?\n/);
    const blocks: Frame[] = [];
    let header: Frame | null = null;
    let method: Frame | null = null;
    let objectKind = '';
    let inDocComment = false;
    lines.forEach((raw, index) => {
      const indent = raw.length - raw.trimStart().length;
      const line = raw.trim();
      if (line.startsWith('///') || line.startsWith('//') || line === '') return;
      if (inDocComment) {
        if (line.includes('*/')) inDocComment = false;
        return;
      }
      if (line.startsWith('/*')) {
        inDocComment = !line.includes('*/');
        return;
      }
      const object = OBJECT_HEADER.exec(line);
      if (object !== null && indent === 0) {
        objectKind = object[1];
        header = { kind: AL_OBJECT_KINDS[object[1]], name: unquote(object[2]), indent };
        return;
      }
      const methodHeader = METHOD.exec(line);
      if (methodHeader !== null) {
        method = { kind: 'Method', name: unquote(methodHeader[2]), indent };
        return;
      }
      if (method !== null && line === 'end;' && indent === method.indent) {
        method = null;
        return;
      }
      if (line === '{') {
        blocks.push(header ?? { kind: '', name: '', indent });
        header = null;
        return;
      }
      if (line === '}' || line === '};') {
        blocks.pop();
        return;
      }
      const inTable = objectKind === 'table' || objectKind === 'tableextension';
      const field = inTable ? TABLE_FIELD.exec(line) : null;
      const control = inTable ? null : PAGE_CONTROL.exec(line);
      const action = ACTION.exec(line);
      const value = ENUM_VALUE.exec(line);
      if (field !== null) header = { kind: 'Field', name: unquote(field[1]), indent };
      else if (action !== null && blocks.some((block) => block.kind === '' && block.name === 'actions'))
        header = { kind: 'Action', name: unquote(action[2]), indent };
      else if (control !== null) header = { kind: 'Control', name: unquote(control[2]), indent };
      else if (value !== null) header = { kind: 'EnumValue', name: unquote(value[1]), indent };
      else if (/^actions$/.test(line)) header = { kind: '', name: 'actions', indent };
      else if (/^[a-z]\w*(\(.*\))?$/i.test(line) && !line.endsWith(';')) header = { kind: '', name: '', indent };
      if (header !== null && (field ?? control ?? action ?? value) !== null) return;

      // The ids are flat: the object, the innermost control, field, action or value (groups do not nest in them), the method.
      const named = blocks.filter((block) => block.kind !== '');
      const element = named.length > 1 ? [named[named.length - 1]] : [];
      const path = [...named.slice(0, 1), ...element, ...(method === null ? [] : [method])];
      const property = PROPERTY.exec(line);
      const label = property === null ? LABEL.exec(line) : null;
      if (property === null && label === null) return;
      const [kind, name, textValue, rest] =
        property !== null
          ? ['Property', property[1], property[2], property[3]]
          : ['NamedType', unquote(label?.[1] ?? ''), label?.[2] ?? '', label?.[3] ?? ''];
      const steps = [...path.map((step) => [step.kind, step.name] as const), [kind, name] as const];
      units.push({
        id: steps.map(([stepKind, stepName]) => `${stepKind} ${alNameHash(stepName)}`).join(' - '),
        note: steps.map(([stepKind, stepName]) => `${stepKind} ${stepName}`).join(' - '),
        source: untext(textValue),
        ...attributesOf(rest),
        file,
        line: index + 1,
      });
    });
  }
  return units;
}
