/**
 * System: the product's own facts — GET /api/version and the options.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { registerSystemApi } from './http/registerSystemApi';
export { PRODUCT_VERSION } from './http/versionRoutes';
