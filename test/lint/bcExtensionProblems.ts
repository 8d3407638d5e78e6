import { AL_OBJECT_KINDS, alTranslationUnits } from '../../scripts/alTranslationUnits';

/*
 * No AL compiler runs here, so what alc (and CodeCop's translation rules) would refuse first is
 * checked on the text of manifests/bc: every object, table field and enum value name within AL's
 * 30 characters (a 31-character name once broke the build), object ids inside app.json's idRanges
 * and unique per kind, every object the extension refers to declared in it or in the base
 * application (BASE_APP_OBJECTS), every table, page and codeunit in a permission set, and the
 * texts translatable: the TranslationFile feature, captions and tooltips where users see them,
 * a Comment for every placeholder, `…Tok` labels locked.
 */

/** One .al file: its path under manifests/bc and its text. */
export interface AlFile {
  file: string;
  text: string;
}

/** A declared AL object. */
export interface AlObject {
  file: string;
  kind: string;
  id: number | null;
  name: string;
  /** What an extension object extends ('' for others). */
  extends: string;
  /** The object's text, from its header to the next object's. */
  body: string;
}

/** What app.json says that the checks need. */
export interface AppJson {
  idRanges: { from: number; to: number }[];
  features?: string[];
}

/** AL's limit on the length of an object's, a field's or an enum value's name. */
export const AL_NAME_LIMIT = 30;

/**
 * The base application's (and System Application's) objects the extension refers to, by kind: the
 * test knows them by name since no symbols are downloaded. Business Central 24 (app.json's
 * application) has each: tables 23, 38, 122, 2000000120; pages 26, 51, 138; codeunits 12, 90,
 * 43 (Language), 3060, 4110, 8894, 8901, 8904.
 */
export const BASE_APP_OBJECTS: Readonly<Record<string, readonly string[]>> = {
  table: ['Vendor', 'Purchase Header', 'Purch. Inv. Header', 'User'],
  page: ['Vendor Card', 'Purchase Invoice', 'Posted Purchase Invoice'],
  codeunit: ['Gen. Jnl.-Post Line', 'Purch.-Post', 'Uri', 'Base64 Convert', 'Email Account', 'Email', 'Email Message', 'Language'],
  enum: [],
  controladdin: [],
  permissionset: [],
};

/** Object kinds that carry an id (controladdin, interface and profile do not). */
const KINDS_WITH_ID = new Set([
  'table',
  'tableextension',
  'page',
  'pageextension',
  'codeunit',
  'enum',
  'enumextension',
  'permissionset',
  'permissionsetextension',
  'report',
  'reportextension',
  'query',
  'xmlport',
]);

/** The kinds a user needs a permission for, and the permission entries that grant it (a table needs its data too). */
const PERMISSION_ENTRIES: Readonly<Record<string, readonly string[]>> = {
  table: ['table', 'tabledata'],
  page: ['page'],
  codeunit: ['codeunit'],
  report: ['report'],
  query: ['query'],
  xmlport: ['xmlport'],
};

/** What the extension objects extend. */
const EXTENDED_KIND: Readonly<Record<string, string>> = {
  tableextension: 'table',
  pageextension: 'page',
  enumextension: 'enum',
  reportextension: 'report',
  permissionsetextension: 'permissionset',
};

const NAME = String.raw`("(?:[^"]|"")+"|[A-Za-z_][\w]*)`;
const OBJECT = new RegExp(
  String.raw`^(tableextension|table|pageextension|page|codeunit|enumextension|enum|permissionsetextension|permissionset|reportextension|report|query|xmlport|interface|controladdin|profile)\s+(?:(\d+)\s+)?${NAME}(?:\s+extends\s+${NAME})?`,
  'gm',
);
const TABLE_FIELD = new RegExp(String.raw`^\s*field\((\d+);\s*${NAME};`, 'gm');
const ENUM_VALUE = new RegExp(String.raw`^\s*value\((\d+);\s*${NAME}\)`, 'gm');
const PAGE_FIELD = new RegExp(String.raw`^\s*field\(${NAME};`, 'gm');
const PAGE_ACTION = new RegExp(String.raw`^\s*action\(${NAME}\)`, 'gm');

/** References by pattern: the kind referred to and the pattern whose last group is the name. */
const REFERENCES: readonly [string, RegExp][] = [
  ['page', new RegExp(String.raw`\bpart\(\w+;\s*${NAME}\)`, 'g')],
  ['controladdin', new RegExp(String.raw`\busercontrol\(\w+;\s*${NAME}\)`, 'g')],
  ['table', new RegExp(String.raw`\bRecord\s+${NAME}`, 'g')],
  ['table', new RegExp(String.raw`\bDatabase::${NAME}`, 'g')],
  ['table', new RegExp(String.raw`\bSourceTable\s*=\s*${NAME}`, 'g')],
  ['codeunit', new RegExp(String.raw`:\s*Codeunit\s+${NAME}`, 'g')],
  ['codeunit', new RegExp(String.raw`\bCodeunit::${NAME}`, 'g')],
  ['page', new RegExp(String.raw`\bPage::${NAME}`, 'g')],
  ['enum', new RegExp(String.raw`\bEnum\s+${NAME}`, 'g')],
  ['enum', new RegExp(String.raw`\bEnum::${NAME}`, 'g')],
  ['table', new RegExp(String.raw`\btabledata\s+${NAME}\s*=`, 'gi')],
  ['table', new RegExp(String.raw`\btable\s+${NAME}\s*=`, 'gi')],
  ['page', new RegExp(String.raw`\bpage\s+${NAME}\s*=`, 'gi')],
  ['codeunit', new RegExp(String.raw`\bcodeunit\s+${NAME}\s*=`, 'gi')],
];
const PERMISSION_ENTRY = new RegExp(String.raw`\b(tabledata|table|page|codeunit|report|query|xmlport)\s+${NAME}\s*=\s*[RIMDXrimdx]+`, 'g');
const INCLUDED_SETS = /\bIncludedPermissionSets\s*=\s*([^;]*);/g;

const unquoted = (name: string): string => name.replace(/^"|"$/g, '').replace(/""/g, '"');

/** The text without comments and with every string literal emptied: references are looked for in code only. */
function codeOf(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith('//'))
    .map((line) => line.replace(/'(?:[^']|'')*'/g, "''").replace(/\/\/.*$/, ''))
    .join('\n');
}

/** The objects declared in the files, in order. */
export function objectsOf(files: readonly AlFile[]): AlObject[] {
  return files.flatMap(({ file, text }) => {
    const matches = [...text.matchAll(OBJECT)];
    return matches.map((match, index) => ({
      file,
      kind: match[1],
      id: match[2] === undefined ? null : Number(match[2]),
      name: unquoted(match[3]),
      extends: match[4] === undefined ? '' : unquoted(match[4]),
      body: text.slice(match.index, matches[index + 1]?.index ?? text.length),
    }));
  });
}

function nameAndIdProblems(objects: readonly AlObject[], idRanges: AppJson['idRanges']): string[] {
  const problems: string[] = [];
  const inRange = (id: number): boolean => idRanges.some((range) => id >= range.from && id <= range.to);
  const seen = new Map<string, string>();
  for (const object of objects) {
    if (object.name.length > AL_NAME_LIMIT)
      problems.push(`${object.file}: ${object.kind} "${object.name}" has ${object.name.length} characters (at most ${AL_NAME_LIMIT}).`);
    if (KINDS_WITH_ID.has(object.kind)) {
      if (object.id === null) problems.push(`${object.file}: ${object.kind} "${object.name}" has no id.`);
      else if (!inRange(object.id))
        problems.push(`${object.file}: ${object.kind} ${object.id} "${object.name}" is outside app.json's idRanges.`);
      const key = `${object.kind} ${object.id}`;
      if (seen.has(key)) problems.push(`${object.file}: ${key} is declared again (first in ${seen.get(key)}).`);
      seen.set(key, object.file);
    }
    const byName = `${object.kind} name ${object.name.toLowerCase()}`;
    if (seen.has(byName))
      problems.push(`${object.file}: ${object.kind} "${object.name}" is declared again (first in ${seen.get(byName)}).`);
    seen.set(byName, object.file);

    if (object.kind === 'table' || object.kind === 'tableextension') {
      const ids = new Set<number>();
      for (const match of object.body.matchAll(TABLE_FIELD)) {
        const id = Number(match[1]);
        const name = unquoted(match[2]);
        if (name.length > AL_NAME_LIMIT)
          problems.push(`${object.file}: field "${name}" has ${name.length} characters (at most ${AL_NAME_LIMIT}).`);
        if (ids.has(id)) problems.push(`${object.file}: field ${id} is declared twice.`);
        ids.add(id);
        if (object.kind === 'tableextension' && !inRange(id))
          problems.push(`${object.file}: field ${id} "${name}" is outside app.json's idRanges.`);
      }
    }
    if (object.kind === 'enum' || object.kind === 'enumextension') {
      for (const match of object.body.matchAll(ENUM_VALUE)) {
        const name = unquoted(match[2]);
        if (name.length > AL_NAME_LIMIT)
          problems.push(`${object.file}: enum value "${name}" has ${name.length} characters (at most ${AL_NAME_LIMIT}).`);
      }
    }
  }
  return problems;
}

function referenceProblems(objects: readonly AlObject[]): string[] {
  const problems: string[] = [];
  const declared = (kind: string, name: string): boolean =>
    objects.some((object) => object.kind === kind && object.name.toLowerCase() === name.toLowerCase()) ||
    (BASE_APP_OBJECTS[kind] ?? []).some((base) => base.toLowerCase() === name.toLowerCase());
  for (const object of objects) {
    const references = new Set<string>();
    const target = EXTENDED_KIND[object.kind];
    if (target !== undefined) references.add(`${target}\u0000${object.extends}`);
    // The header names the object itself: references start after it.
    const code = codeOf(object.body.slice(object.body.indexOf('\n')));
    for (const [kind, pattern] of REFERENCES)
      for (const match of code.matchAll(pattern)) references.add(`${kind}\u0000${unquoted(match[1])}`);
    for (const match of code.matchAll(INCLUDED_SETS))
      for (const name of match[1].split(',')) references.add(`permissionset\u0000${unquoted(name.trim())}`);
    for (const reference of references) {
      const [kind, name] = reference.split('\u0000');
      if (!declared(kind, name))
        problems.push(
          `${object.file}: ${object.kind} "${object.name}" refers to ${kind} "${name}", which neither the extension nor the base application declares.`,
        );
    }
  }
  return problems;
}

function permissionProblems(objects: readonly AlObject[]): string[] {
  const granted = new Set<string>();
  for (const set of objects.filter((object) => object.kind === 'permissionset' || object.kind === 'permissionsetextension'))
    for (const match of codeOf(set.body).matchAll(PERMISSION_ENTRY))
      granted.add(`${match[1].toLowerCase()} ${unquoted(match[2]).toLowerCase()}`);
  const problems: string[] = [];
  for (const object of objects) {
    for (const entry of PERMISSION_ENTRIES[object.kind] ?? []) {
      if (!granted.has(`${entry} ${object.name.toLowerCase()}`))
        problems.push(`${object.file}: ${object.kind} "${object.name}" is in no permission set (${entry} "${object.name}").`);
    }
  }
  return problems;
}

function translationProblems(files: readonly AlFile[], objects: readonly AlObject[], features: readonly string[]): string[] {
  const problems: string[] = [];
  if (!features.includes('TranslationFile'))
    problems.push('app.json: features lacks "TranslationFile": the compiler writes no XLIFF to translate.');
  const units = alTranslationUnits(files);
  const notes = new Set(units.map((unit) => unit.note));
  for (const unit of units) {
    const name = / - NamedType (\S+)$/.exec(unit.note)?.[1];
    if (name?.endsWith('Tok') && !unit.locked)
      problems.push(`${unit.file}:${unit.line}: label ${name} is a token (…Tok) but not Locked = true.`);
    if (unit.locked) continue;
    for (const placeholder of new Set(unit.source.match(/%\d+|#\d+/g) ?? [])) {
      if (!unit.comment.includes(placeholder))
        problems.push(`${unit.file}:${unit.line}: ${unit.note} has ${placeholder} but no Comment that says what it is.`);
    }
  }
  const needs = (object: AlObject, element: string, property: string): void => {
    const path = `${AL_OBJECT_KINDS[object.kind]} ${object.name}${element === '' ? '' : ` - ${element}`} - Property ${property}`;
    if (!notes.has(path)) problems.push(`${object.file}: ${path} is missing: users would see no translatable ${property}.`);
  };
  for (const object of objects) {
    const api = /^\s*PageType\s*=\s*API\s*;/m.test(object.body);
    if (['table', 'page', 'enum', 'permissionset'].includes(object.kind) && !api) needs(object, '', 'Caption');
    if (object.kind === 'table' || object.kind === 'tableextension')
      for (const match of object.body.matchAll(TABLE_FIELD)) needs(object, `Field ${unquoted(match[2])}`, 'Caption');
    if (object.kind === 'enum' || object.kind === 'enumextension')
      for (const match of object.body.matchAll(ENUM_VALUE)) needs(object, `EnumValue ${unquoted(match[2])}`, 'Caption');
    if ((object.kind === 'page' || object.kind === 'pageextension') && !api) {
      // What a user hovers (CodeCop AA0218): every field and action on a page they open.
      for (const match of object.body.matchAll(PAGE_FIELD)) needs(object, `Control ${unquoted(match[1])}`, 'ToolTip');
      for (const match of object.body.matchAll(PAGE_ACTION)) {
        needs(object, `Action ${unquoted(match[1])}`, 'Caption');
        needs(object, `Action ${unquoted(match[1])}`, 'ToolTip');
      }
    }
  }
  return problems;
}

/** What alc would refuse in the extension, or CodeCop would flag in its translations, in words (empty when nothing). */
export function bcExtensionProblems(files: readonly AlFile[], app: AppJson): string[] {
  const objects = objectsOf(files);
  return [
    ...nameAndIdProblems(objects, app.idRanges),
    ...referenceProblems(objects),
    ...permissionProblems(objects),
    ...translationProblems(files, objects, app.features ?? []),
  ];
}
