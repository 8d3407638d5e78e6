import { createHash } from 'node:crypto';
import { DEMO_USERS } from './demoWorld';

/**
 * The demo Entra object id (oid) of a user: `00000000-0000-4000-8000-00000000000N` for the N-th
 * demo user (clerk 1, approver 2, admin 3, sales 4, junior 5), pre-provisioned by the seed (the
 * product binds Entra sign-ins by tenant + object id only, never by name) and so reached by Teams
 * notifications before their first sign-in; any other user name gets a UUID derived from it, so
 * the demo stand-in signs the same oid for the same name every time (the product refuses it until
 * an administrator binds that oid to a user).
 */
export function demoEntraObjectId(username: string): string {
  const index = DEMO_USERS.findIndex((user) => user.username === username);
  if (index >= 0) return `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
  const hex = createHash('sha256').update(`datahaven-demo-oid:${username}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
