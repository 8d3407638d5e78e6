import type { QueueAccessPatch } from '../queueAccessPatch';
import { QUEUE_ACCESS_FLAGS, decodeQueueAccess } from '../../access';
import type { QueueAccessFlag } from '../../access';
import type { EntityBody } from '../../http/odata/entityBody';
import { odataBadRequest } from '../../http/odata/ODataError';

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
 * Reads a `Datahaven.QueueAccess` value as a patch: each named flag is set (true) or cleared
 * (false), the others keep their value (workflow/queueAccessPatch applies it).
 */
export function queueAccessPatchOf(value: EntityBody, property: string): QueueAccessPatch {
  const patch: QueueAccessPatch = {};
  for (const [name, on] of Object.entries(value)) {
    if (name.startsWith('@')) continue;
    if (!isFlagName(name)) throw odataBadRequest(`'${name}' is not a queue access flag of ${property}.`);
    if (typeof on !== 'boolean') throw odataBadRequest(`The queue access flag ${property}/${name} must be true or false.`);
    patch[name] = on;
  }
  return patch;
}
