import { QUEUE_ACCESS_FLAGS, decodeQueueAccess } from '../../policies/queueAccessFlags';
import type { QueueAccessFlag } from '../../policies/queueAccessFlags';
import type { EntityBody } from './entityBody';
import { odataBadRequest } from './ODataError';

/** The 28 queue access flags of portal §3 as booleans: the `Datahaven.QueueAccess` complex type. */
export type QueueAccessObject = Record<QueueAccessFlag, boolean>;

/** The flag names, in spec (and bit) order. */
export const QUEUE_ACCESS_FLAG_NAMES = Object.keys(QUEUE_ACCESS_FLAGS) as QueueAccessFlag[];

/** A stored access bit set as the complex type value. */
export function queueAccessObjectOf(bits: number): QueueAccessObject {
  return decodeQueueAccess(bits);
}

function isFlagName(name: string): name is QueueAccessFlag {
  return Object.prototype.hasOwnProperty.call(QUEUE_ACCESS_FLAGS, name);
}

/**
 * Applies the flags named in `patch` to `bits`: each named flag is set (true) or cleared (false),
 * the others keep their value. A create starts from 0, so unnamed flags are off.
 */
export function patchQueueAccessBits(bits: number, patch: EntityBody, property: string): number {
  let result = bits;
  for (const [name, value] of Object.entries(patch)) {
    if (name.startsWith('@')) continue;
    if (!isFlagName(name)) throw odataBadRequest(`'${name}' is not a queue access flag of ${property}.`);
    if (typeof value !== 'boolean') throw odataBadRequest(`The queue access flag ${property}/${name} must be true or false.`);
    result = value ? result | QUEUE_ACCESS_FLAGS[name] : result & ~QUEUE_ACCESS_FLAGS[name];
  }
  return result;
}
