/**
 * jsdom leaves out a few globals every browser we support has (TextEncoder, TextDecoder);
 * give the jsdom test environment Node's implementations so code under test sees a real browser's API.
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
