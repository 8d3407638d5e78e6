// The ESLint rule that keeps server data in the query cache (docs/ARCHITECTURE.md, "Server state"):
// in core ui/ and state/ no effect calls the web services and no code keeps its own AbortController.
// A query (useQuery / useApiQuery with a queryKeys key) or a mutation followed by an invalidation
// does that work instead, so loaders, abort handling and promise caches cannot grow back.
// test/lint/serverState.test.ts proves it fires.

/** The React effects whose bodies may not call the web services. */
const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);

/** The hook a call is, by its name: `useEffect(...)` or `React.useEffect(...)`. */
function hookName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

/** The chain of a call's callee: its root identifier and every property named on the way (`services.api.documents.get`). */
function calleeChain(callee) {
  const properties = [];
  let node = callee;
  while (node.type === 'MemberExpression' || node.type === 'ChainExpression' || node.type === 'TSNonNullExpression') {
    if (node.type === 'MemberExpression') {
      if (!node.computed && node.property.type === 'Identifier') properties.push(node.property.name);
      node = node.object;
    } else {
      node = node.expression;
    }
  }
  return { root: node.type === 'Identifier' ? node.name : null, properties };
}

/** Whether an expression names the web services: `api`, `x.api`, or a part of them (`api.documents`). */
function namesApi(node, aliases) {
  if (node.type === 'Identifier') return node.name === 'api' || aliases.has(node.name);
  if (node.type === 'MemberExpression') {
    const { root, properties } = calleeChain(node);
    return properties.includes('api') || root === 'api' || (root !== null && aliases.has(root));
  }
  return false;
}

/** The rule: reports web-service calls inside effects and every `new AbortController()`. */
export const noServerStateEffects = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Server data goes through the query cache: no web-service call inside an effect, no hand-written AbortController.',
    },
    schema: [],
    messages: {
      apiInEffect:
        'No web-service call inside {{hook}}: server data is a query (useQuery / useApiQuery with a queryKeys key) and a change is a mutation that invalidates the queries it touched (docs/ARCHITECTURE.md, server state).',
      abortController:
        'No hand-written AbortController in core ui/ and state/: the query cache aborts a request nobody needs (docs/ARCHITECTURE.md, server state).',
    },
  },
  create(context) {
    /** Names bound to the web services or a part of them (`const { privileges } = services.api`). */
    const aliases = new Set();
    /** The effect calls being walked, innermost last. */
    const effects = [];
    /** Calls seen inside effects; judged at the end, when every alias of the file is known. */
    const candidates = [];
    return {
      VariableDeclarator(node) {
        if (!node.init || !namesApi(node.init, aliases)) return;
        if (node.id.type === 'Identifier') aliases.add(node.id.name);
        else if (node.id.type === 'ObjectPattern') {
          for (const property of node.id.properties) {
            if (property.type === 'Property' && property.value.type === 'Identifier') aliases.add(property.value.name);
            else if (
              property.type === 'Property' &&
              property.value.type === 'AssignmentPattern' &&
              property.value.left.type === 'Identifier'
            )
              aliases.add(property.value.left.name);
          }
        }
      },
      CallExpression(node) {
        const hook = hookName(node.callee);
        if (hook !== null && EFFECT_HOOKS.has(hook)) {
          effects.push({ node, hook });
          return;
        }
        if (effects.length > 0) candidates.push({ node, hook: effects[effects.length - 1].hook });
      },
      'CallExpression:exit'(node) {
        if (effects.length > 0 && effects[effects.length - 1].node === node) effects.pop();
      },
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'AbortController')
          context.report({ node, messageId: 'abortController' });
      },
      'Program:exit'() {
        for (const { node, hook } of candidates) {
          // A call on the services (`api.documents.get(…)`), or one handed the services to load with (`load(api.export)`).
          const onApi = node.callee.type === 'MemberExpression' && namesApi(node.callee.object, aliases);
          const givenApi = node.arguments.some((argument) => namesApi(argument, aliases));
          if (onApi || givenApi) context.report({ node, messageId: 'apiInEffect', data: { hook } });
        }
      },
    };
  },
};
