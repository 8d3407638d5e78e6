import type { PropertyDefinition } from './EntitySetDefinition';
import { odataBadRequest } from './ODataError';

/** A parsed `$filter`: `Property eq literal` comparisons joined by `and`. */
export type FilterNode =
  | { kind: 'eq'; property: PropertyDefinition & { column: string }; value: number | null }
  | { kind: 'and'; left: FilterNode; right: FilterNode };

/** Limits that keep a hostile filter cheap to parse and compile (SECURITY row 18). */
const MAX_FILTER_LENGTH = 2000;
const MAX_COMPARISONS = 16;
const MAX_DEPTH = 8;

type Token =
  | { kind: 'name'; text: string }
  | { kind: 'int'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'open' | 'close' | 'comma' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s+|([A-Za-z_][A-Za-z0-9_./]*)|(-?\d+)|('(?:[^']|'')*')|(\()|(\))|(,)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (match === null) throw odataBadRequest(`The $filter has an unexpected character at position ${at + 1}.`);
    at = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'name', text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: 'int', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'string', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'open' });
    else if (match[5] !== undefined) tokens.push({ kind: 'close' });
    else if (match[6] !== undefined) tokens.push({ kind: 'comma' });
  }
  return tokens;
}

/**
 * Parses `$filter` into a tree (never into SQL text): only `eq` on the set's filterable
 * properties (keys and foreign keys) with an integer or `null`, joined by `and`, parentheses
 * allowed. Everything else — `or`, `not`, other operators, functions, strings, unknown or
 * non-filterable properties — is a 400 naming what is supported.
 */
export function parseODataFilter(text: string, properties: readonly PropertyDefinition[]): FilterNode {
  if (text.length > MAX_FILTER_LENGTH) throw odataBadRequest('The $filter is too long.');
  const tokens = tokenize(text);
  let position = 0;
  let comparisons = 0;
  const filterable = properties.filter(
    (p): p is PropertyDefinition & { column: string } => p.filterable === true && p.column !== undefined,
  );
  const supported = `Supported: eq on ${filterable.map((p) => p.name).join(', ')}, joined by and.`;

  const peek = (): Token | undefined => tokens[position];
  const isWord = (token: Token | undefined, word: string): boolean => token?.kind === 'name' && token.text === word;

  function comparison(): FilterNode {
    const name = tokens[position];
    if (name === undefined) throw odataBadRequest(`The $filter ends too early. ${supported}`);
    if (name.kind !== 'name') throw odataBadRequest(`The $filter must compare a property. ${supported}`);
    if (name.text === 'not') throw odataBadRequest(`The $filter operator 'not' is not supported. ${supported}`);
    if (tokens[position + 1]?.kind === 'open') throw odataBadRequest(`Functions are not supported in $filter. ${supported}`);
    const property = filterable.find((p) => p.name === name.text);
    if (property === undefined) {
      const known = properties.some((p) => p.name === name.text);
      throw odataBadRequest(
        `${known ? `The property '${name.text}' cannot be filtered` : `'${name.text}' is not a property of this entity set`}. ${supported}`,
      );
    }
    const operator = tokens[position + 1];
    if (!isWord(operator, 'eq')) {
      const shown = operator === undefined ? 'nothing' : operator.kind === 'name' ? `'${operator.text}'` : 'a literal';
      throw odataBadRequest(`The $filter operator ${shown} is not supported. ${supported}`);
    }
    const literal = tokens[position + 2];
    position += 3;
    comparisons += 1;
    if (comparisons > MAX_COMPARISONS) throw odataBadRequest('The $filter is too complex.');
    if (literal?.kind === 'name' && literal.text === 'null') {
      if (!property.nullable) throw odataBadRequest(`The property '${property.name}' is never null.`);
      return { kind: 'eq', property, value: null };
    }
    if (literal?.kind !== 'int') throw odataBadRequest(`The property '${property.name}' is compared with an integer or null. ${supported}`);
    const value = Number(literal.text);
    if (!Number.isSafeInteger(value) || value < -2147483648 || value > 2147483647)
      throw odataBadRequest(`The value ${literal.text} is out of range.`);
    return { kind: 'eq', property, value };
  }

  function primary(depth: number): FilterNode {
    if (peek()?.kind !== 'open') return comparison();
    if (depth >= MAX_DEPTH) throw odataBadRequest('The $filter is too complex.');
    position += 1;
    const inner = conjunction(depth + 1);
    if (peek()?.kind !== 'close') throw odataBadRequest('The $filter has an unclosed parenthesis.');
    position += 1;
    return inner;
  }

  function conjunction(depth: number): FilterNode {
    let node = primary(depth);
    while (isWord(peek(), 'and')) {
      position += 1;
      node = { kind: 'and', left: node, right: primary(depth) };
    }
    if (isWord(peek(), 'or')) throw odataBadRequest(`The $filter operator 'or' is not supported. ${supported}`);
    return node;
  }

  if (tokens.length === 0) throw odataBadRequest(`The $filter is empty. ${supported}`);
  const tree = conjunction(0);
  if (position < tokens.length) throw odataBadRequest(`The $filter has unexpected text after a comparison. ${supported}`);
  return tree;
}
