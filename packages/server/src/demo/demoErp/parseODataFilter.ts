/*
 * The demo ERP's $filter: the subset Business Central's API answers and the product's connector
 * sends — eq, ne, gt, lt, ge, le, and, or, not, parentheses, contains() and startswith() —
 * parsed to a tree once and evaluated against each record. Anything else is refused in words,
 * as BC does, rather than ignored (an ignored filter would return too many records).
 */

/** A literal of a filter: string, number, boolean or null (dates and GUIDs compare as their text). */
export type ODataLiteral = string | number | boolean | null;

/** A parsed $filter. */
export type ODataFilterNode =
  | { kind: 'compare'; operator: 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le'; property: string; value: ODataLiteral }
  | { kind: 'function'; name: 'contains' | 'startswith' | 'endswith'; property: string; value: string }
  | { kind: 'and' | 'or'; left: ODataFilterNode; right: ODataFilterNode }
  | { kind: 'not'; operand: ODataFilterNode };

/** A $filter the demo ERP cannot read; answered 400 with this message. */
export class ODataFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ODataFilterError';
  }
}

type Token = { kind: 'word'; text: string } | { kind: 'string'; text: string } | { kind: 'punct'; text: '(' | ')' | ',' };

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'lt', 'ge', 'le']);
const FUNCTIONS = new Set(['contains', 'startswith', 'endswith']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c });
      i++;
    } else if (c === "'") {
      // OData doubles a quote inside a string literal: 'O''Brien'.
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new ODataFilterError('The $filter has a string literal without its closing quote.');
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push({ kind: 'string', text: value });
    } else {
      const match = /^[A-Za-z0-9_.:+-]+/.exec(text.slice(i));
      if (match === null) throw new ODataFilterError(`The $filter has an unexpected character '${c}' at position ${i + 1}.`);
      tokens.push({ kind: 'word', text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

function literalOf(token: Token): ODataLiteral {
  if (token.kind === 'string') return token.text;
  if (token.kind !== 'word') throw new ODataFilterError(`The $filter expects a value, not '${token.text}'.`);
  if (token.text === 'null') return null;
  if (token.text === 'true') return true;
  if (token.text === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(token.text)) return Number(token.text);
  // Dates, date-times and GUIDs are written bare in OData v4; they compare as their ISO text.
  if (
    /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(token.text) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token.text)
  ) {
    return token.text;
  }
  throw new ODataFilterError(`The $filter value '${token.text}' is not a literal: quote text as 'text'.`);
}

/** Parses `text` to a filter tree; `isProperty` says which names the entity has. */
export function parseODataFilter(text: string, isProperty: (name: string) => boolean): ODataFilterNode {
  const tokens = tokenize(text);
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const take = (): Token => {
    const token = tokens[position];
    if (token === undefined) throw new ODataFilterError('The $filter ends too early.');
    position++;
    return token;
  };
  const expectPunct = (text: '(' | ')' | ','): void => {
    const token = take();
    if (token.kind !== 'punct' || token.text !== text)
      throw new ODataFilterError(`The $filter expects '${text}' where it has '${token.text}'.`);
  };
  const property = (token: Token): string => {
    if (token.kind !== 'word' || !isProperty(token.text))
      throw new ODataFilterError(`The $filter names '${token.text}', which is not a property of this entity.`);
    return token.text;
  };
  const isWord = (token: Token | undefined, word: string): boolean =>
    token !== undefined && token.kind === 'word' && token.text.toLowerCase() === word;

  const primary = (): ODataFilterNode => {
    const token = take();
    if (token.kind === 'punct' && token.text === '(') {
      const inner = orExpression();
      expectPunct(')');
      return inner;
    }
    if (token.kind === 'word' && token.text.toLowerCase() === 'not') return { kind: 'not', operand: primary() };
    if (token.kind === 'word' && FUNCTIONS.has(token.text.toLowerCase()) && peek()?.kind === 'punct' && peek()?.text === '(') {
      expectPunct('(');
      const name = property(take());
      expectPunct(',');
      const value = literalOf(take());
      expectPunct(')');
      if (typeof value !== 'string') throw new ODataFilterError(`${token.text}() takes a text value.`);
      return { kind: 'function', name: token.text.toLowerCase() as 'contains' | 'startswith' | 'endswith', property: name, value };
    }
    const name = property(token);
    const operator = take();
    if (operator.kind !== 'word' || !COMPARISONS.has(operator.text.toLowerCase())) {
      throw new ODataFilterError(`The $filter expects eq, ne, gt, lt, ge or le after '${name}', not '${operator.text}'.`);
    }
    return { kind: 'compare', operator: operator.text.toLowerCase() as 'eq', property: name, value: literalOf(take()) };
  };
  const andExpression = (): ODataFilterNode => {
    let left = primary();
    while (isWord(peek(), 'and')) {
      position++;
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  };
  const orExpression = (): ODataFilterNode => {
    let left = andExpression();
    while (isWord(peek(), 'or')) {
      position++;
      left = { kind: 'or', left, right: andExpression() };
    }
    return left;
  };

  if (tokens.length === 0) throw new ODataFilterError('The $filter is empty.');
  const tree = orExpression();
  const rest = peek();
  if (rest !== undefined) throw new ODataFilterError(`The $filter has '${rest.text}' where it should end.`);
  return tree;
}

function compare(left: unknown, right: ODataLiteral): number | null {
  if (left === null || left === undefined || right === null) return null;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const a = String(left);
  const b = String(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `record` satisfies `filter`. Text functions ignore case, as Business Central's do. */
export function matchesODataFilter(filter: ODataFilterNode, record: Readonly<Record<string, unknown>>): boolean {
  switch (filter.kind) {
    case 'and':
      return matchesODataFilter(filter.left, record) && matchesODataFilter(filter.right, record);
    case 'or':
      return matchesODataFilter(filter.left, record) || matchesODataFilter(filter.right, record);
    case 'not':
      return !matchesODataFilter(filter.operand, record);
    case 'function': {
      const value = record[filter.property];
      if (typeof value !== 'string') return false;
      const haystack = value.toLowerCase();
      const needle = filter.value.toLowerCase();
      if (filter.name === 'contains') return haystack.includes(needle);
      if (filter.name === 'startswith') return haystack.startsWith(needle);
      return haystack.endsWith(needle);
    }
    case 'compare': {
      const value = record[filter.property];
      if (filter.operator === 'eq')
        return filter.value === null ? value === null || value === undefined : compare(value, filter.value) === 0;
      if (filter.operator === 'ne')
        return filter.value === null ? value !== null && value !== undefined : compare(value, filter.value) !== 0;
      const order = compare(value, filter.value);
      if (order === null) return false;
      if (filter.operator === 'gt') return order > 0;
      if (filter.operator === 'lt') return order < 0;
      if (filter.operator === 'ge') return order >= 0;
      return order <= 0;
    }
  }
}
