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
 * punctuation read the same in every language and need no catalogue entry; nor does a theme
 * variable's reference (`var(--dhAnnotationNoteText)` in viewerTokens), which is a name, not words.
 */
function isLanguage(text: string): boolean {
  return /\p{L}/u.test(text) && !/^var\(--[\w-]+\)$/.test(text.trim());
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
    if (
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken ||
      operator === ts.SyntaxKind.PlusToken
    ) {
      return [...literalTexts(expression.left), ...literalTexts(expression.right)];
    }
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(expression.right);
  }
  return [];
}

/** The text of a literal node (a template's fixed part included) as the user would see it. */
function textOf(node: ts.Node): string {
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node)
  ) {
    return node.text;
  }
  return node.getText();
}

/** Functions and methods whose first argument the user reads: a toast, an alert, the exception banner. */
const TEXT_SINK_CALLS: ReadonlySet<string> = new Set(['notify', 'showBanner']);

/** Receivers whose `push(text, level)` shows the text (AlertStore and the `alerts` of useServices). */
const ALERT_RECEIVERS: ReadonlySet<string> = new Set(['alerts', 'alertStore']);

/** DOM properties whose assigned value a user reads or hears (`frame.title = '…'`). */
const USER_FACING_DOM_PROPERTIES: ReadonlySet<string> = new Set([
  'title',
  'textContent',
  'innerText',
  'placeholder',
  'alt',
  'ariaLabel',
  'ariaDescription',
  'ariaValueText',
]);

/** The name a call is made by: `notify` for `notify(…)` and `services.notify(…)`; '' otherwise. */
function calleeName(callee: ts.Expression): string {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

/** The receiver's name of `receiver.method(…)`, last part only: `alerts` for `this.alerts.push`. */
function receiverName(callee: ts.Expression): string {
  if (!ts.isPropertyAccessExpression(callee)) return '';
  const receiver = callee.expression;
  if (ts.isIdentifier(receiver)) return receiver.text;
  if (ts.isPropertyAccessExpression(receiver)) return receiver.name.text;
  return '';
}

/** The literal texts of a sink's argument: the value itself, or every property value when it is an object literal (`showBanner({ exceptionType: … })`). */
function argumentTexts(argument: ts.Expression): ts.Node[] {
  if (ts.isObjectLiteralExpression(argument)) {
    return argument.properties.flatMap((property) => (ts.isPropertyAssignment(property) ? literalTexts(property.initializer) : []));
  }
  return literalTexts(argument);
}

/** What the scan looks for besides JSX. */
export interface HardCodedUiTextOptions {
  /**
   * Whether an `Error`'s message here is shown to the user: true for core services/, whose
   * failures the screens put into words (the E-mail menu shows the message); elsewhere thrown
   * texts are diagnostics (a missing provider, a broken range answer) that reach users, if at
   * all, as a catalogue or spec text chosen by the screen.
   */
  errorsAreShown?: boolean;
}

/** A property's name as written: `label`, `'aria-label'`; '' for computed names. */
function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';
}

/**
 * Every English text written into one source: in JSX, JSX text, `{'literal'}` children and the
 * values of user-facing props; the same props one step removed in object literals (column and
 * menu definitions, `{ label: 'Name' }`); and in any code, the known text sinks: the first
 * argument of `notify(…)` and `showBanner(…)` (each property of an object literal given there),
 * `alerts.push(text, level)`, assignments to a DOM element's `title`, `textContent`, `alt`, …,
 * `setAttribute('aria-label' | 'title' | …, text)`, and with `errorsAreShown`, `new Error(text)`.
 */
export function findHardCodedUiText(fileName: string, sourceText: string, options: HardCodedUiTextOptions = {}): HardCodedUiText[] {
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
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const name = calleeName(node.expression);
      const [first, second] = node.arguments;
      if (TEXT_SINK_CALLS.has(name) || (name === 'push' && ALERT_RECEIVERS.has(receiverName(node.expression)))) {
        for (const literal of argumentTexts(first)) report(literal, `${name}()`);
      } else if (name === 'setAttribute' && second && ts.isStringLiteral(first) && isUserFacingProp(first.text)) {
        for (const literal of literalTexts(second)) report(literal, `setAttribute('${first.text}')`);
      }
    } else if (
      options.errorsAreShown &&
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Error' &&
      node.arguments?.[0]
    ) {
      for (const literal of literalTexts(node.arguments[0])) report(literal, 'new Error()');
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      USER_FACING_DOM_PROPERTIES.has(node.left.name.text)
    ) {
      for (const literal of literalTexts(node.right)) report(literal, `.${node.left.name.text} =`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
