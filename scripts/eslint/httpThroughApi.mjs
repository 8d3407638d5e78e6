// The ESLint rule that keeps the core's HTTP calls in api/ (docs/ARCHITECTURE.md, "The client
// seam"; issue 34): outside packages/core/src/api/ no code reaches the ApiClient. A call is a
// resource's call on ApiServices (api.<resource>.<call>), so its path, query, body and answer type
// are written once, tested once through the fake fetch, and a screen cannot grow a request of its own.
// It refuses the three ways to the client: a `.client` member (`api.client.get(…)`, `api.client`
// handed on), a `client` taken apart from an object (`const { client } = api`), and an import of
// ApiClient (to build one or to type a prop with it); the mount's composition root
// (ui/app/DatahavenServices.tsx) builds the client and may import it (option mayImportClient).
// test/lint/httpThroughApi.test.ts proves it fires.

/** The property name that holds the client. */
const CLIENT = 'client';

/** The class whose import is refused. */
const CLIENT_CLASS = 'ApiClient';

/** A relative import into the core's api/ layer (`../../api`, `../api/ApiClient`, `./api`). */
const API_SOURCE = /^\.{1,2}\/(.*\/)?api(\/|$)/;

/** The name a member or a pattern's key spells, whether written `x.client`, `x['client']` or `{ client }`. */
function keyName(key, computed) {
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked;
  return null;
}

/** The rule: reports every way to the ApiClient outside api/. */
export const httpThroughApi = {
  meta: {
    type: 'problem',
    docs: {
      description: "Every HTTP call of the core is a resource's call on ApiServices in api/: no code outside api/ reaches the ApiClient.",
    },
    schema: [
      {
        type: 'object',
        properties: { mayImportClient: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      clientMember:
        "No `.client` outside core api/: make the call a resource's call on ApiServices (api/<resource>Api.ts, registered in apiServices.ts) and call api.<resource>.<call> (docs/ARCHITECTURE.md, the client seam).",
      clientPattern:
        'No `client` taken from an object outside core api/: the ApiClient stays under the resources; call api.<resource>.<call> (docs/ARCHITECTURE.md, the client seam).',
      clientImport:
        'No ApiClient import outside core api/ (only the mount, ui/app/DatahavenServices.tsx, builds it): take ApiServices or one of its resources instead (docs/ARCHITECTURE.md, the client seam).',
    },
  },
  create(context) {
    const mayImportClient = context.options[0]?.mayImportClient === true;
    return {
      MemberExpression(node) {
        if (keyName(node.property, node.computed) === CLIENT) context.report({ node: node.property, messageId: 'clientMember' });
      },
      ObjectPattern(node) {
        for (const property of node.properties) {
          if (property.type === 'Property' && keyName(property.key, property.computed) === CLIENT)
            context.report({ node: property.key, messageId: 'clientPattern' });
        }
      },
      ImportDeclaration(node) {
        if (mayImportClient || typeof node.source.value !== 'string' || !API_SOURCE.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && keyName(specifier.imported, false) === CLIENT_CLASS)
            context.report({ node: specifier, messageId: 'clientImport' });
        }
      },
    };
  },
};
