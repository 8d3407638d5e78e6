/** The path of the product's Business Central extension API below a BC environment, where `api/v2.0` is BC's standard one (manifests/bc). */
export const EXTENSION_API_PATH = 'api/datahaven/documents/v1.0';

/**
 * The extension API's root for a source's API URL: BC's `…/api/v2.0` (any `…/api/vX.Y`) becomes
 * `…/api/datahaven/documents/v1.0`, as BC serves a custom API page's publisher, group and
 * version beside its own; null for a URL of another shape (no such extension there).
 */
export function extensionApiUrlOf(apiUrl: string): string | null {
  const match = /^(.*)\/api\/v\d+\.\d+\/?$/.exec(apiUrl);
  return match === null ? null : `${match[1]}/${EXTENSION_API_PATH}`;
}
