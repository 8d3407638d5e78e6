import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hasPrivilege } from '../access';

/** A live (not revoked) API key whose owner is enabled. */
export interface LiveApiKey {
  id: number;
  ownerId: number;
  ownerUsername: string;
  /** The key's explicit grant to mint tokens for users other than its owner. */
  actsForUsers: boolean;
}

/** The live key with this id or SHA-256 hash; undefined when unknown, revoked, or its owner is disabled. */
export async function findLiveApiKey(db: Kysely<Database>, by: { id: number } | { keyHash: string }): Promise<LiveApiKey | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.acts_for_users', 'u.username', 'u.disabled'])
    .$call((q) => ('id' in by ? q.where('k.id', '=', by.id) : q.where('k.key_hash', '=', by.keyHash)))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined || row.disabled === 1) return undefined;
  return { id: row.id, ownerId: row.user_id, ownerUsername: row.username, actsForUsers: row.acts_for_users === 1 };
}

/**
 * Whether `key` may stand for `username` now: always for its owner; for anyone else only with
 * the key's explicit `acts_for_users` grant while the owner still holds 'Security: Manager' (a
 * manager who loses the privilege takes the grant of their keys with them, at once).
 */
export async function apiKeyMayActFor(db: Kysely<Database>, key: LiveApiKey, username: string): Promise<boolean> {
  if (username === key.ownerUsername) return true;
  return key.actsForUsers && (await hasPrivilege(db, key.ownerId, 'Security: Manager'));
}
