import ts from 'typescript';

/** One English text written into a component instead of taken from the catalogue (UI_TEXT) or the spec's MESSAGES. */
export interface HardCodedUiText {
  /** 1-based line of the text in its file. */
  line: number;
  /** What holds the text: "JSX text", or the prop's name. */
  where: string;
  /** The text, whitespace collapsed. */
  text: string;
}

/**
 * The props whose value a user reads or hears: Fluent v9's names, hints and messages and the
 * ARIA attributes that are spoken. `content` is Tooltip's (and Popover's) text.
 */
const USER_FACING_PROPS: ReadonlySet<string> = new Set([
  'label',
  'title',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'content',
  'hint',
  'validationMessage',
  'description',
]);

/** Whether a prop carries words: one of the props above, or our own components' `confirmLabel`, `emptyText`… (not `onEditText`, a handler). */
function isUserFacingProp(name: string): boolean {
  return USER_FACING_PROPS.has(name) || (/(Label|Title|Text|Message|Hint|Placeholder|Description)$/.test(name) && !/^on[A-Z]/.test(name));
}

/**
 * A text is language when it holds a letter of any script. Symbols (×, …, ·, −, ✂), digits and
 * punctuation read the same in every language and need no catalogue entry.
 */
function isLanguage(text: string): boolean {
  return /\p{L}/u.test(text);
}

/**
 * The literal texts a value can evaluate to: the literal itself, either branch of a condition,
 * either side of `||`/`??`/`+`, the right of `&&`, the fixed parts of a template. Arguments of
 * calls are not followed: `UI_TEXT.folders.uploadInto(name)` is the catalogue's, and a call's
 * literal arguments are keys or data, not words shown as they are.
 */
function literalTexts(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) return [expression.head, ...expression.templateSpans.map((span) => span.literal)];
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return literalTexts(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.PlusToken) {
      return [...literalTexts(expression.left), ...literalTexts(expression.right)];
    }
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(expression.right);
  }
  return [];
}

/** The text of a literal node (a template's fixed part included) as the user would see it. */
function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
    return node.text;
  }
  return node.getText();
}

/** A property's name as written: `label`, `'aria-label'`; '' for computed names. */
function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';
}

/**
 * Every English text in the JSX of one .tsx source: JSX text, `{'literal'}` children, the values
 * of user-facing props, and the same props one step removed in object literals (column and menu
 * definitions, `{ label: 'Name' }`).
 */
export function findHardCodedUiText(fileName: string, sourceText: string): HardCodedUiText[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: HardCodedUiText[] = [];
  const report = (node: ts.Node, where: string): void => {
    const text = textOf(node);
    if (!isLanguage(text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, where, text: text.replace(/\s+/g, ' ').trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      report(node, 'JSX text');
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of literalTexts(node.expression)) report(literal, 'JSX text');
    } else if (ts.isJsxAttribute(node) && node.initializer && isUserFacingProp(node.name.getText(source))) {
      const prop = node.name.getText(source);
      if (ts.isStringLiteral(node.initializer)) report(node.initializer, prop);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) {
        for (const literal of literalTexts(node.initializer.expression)) report(literal, prop);
      }
    } else if (ts.isPropertyAssignment(node) && isUserFacingProp(propertyName(node.name))) {
      for (const literal of literalTexts(node.initializer)) report(literal, propertyName(node.name));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
