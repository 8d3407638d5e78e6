import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Documents per insert statement. */
const DOCUMENT_CHUNK = 1000;

/** What a bench's approval queue needs: its name, its people, how many documents, the access each has. */
export interface ApprovalQueueSeed {
  /** 'Bench' → queue type 'Bench Invoices', queues 'Bench Approval' and 'Bench Approved'. */
  label: string;
  /** The users to create, in order. */
  usernames: readonly string[];
  /** How many of them (the first ones) get 'Workflow: Approve'; the rest only watch. */
  approvers: number;
  /** The unlinked one-page documents waiting in the approval queue. */
  documents: number;
  /** Every user's access to the approval queue (encoded flags). */
  approvalAccess: number;
  /** Every user's access to the approved queue (encoded flags). */
  approvedAccess: number;
}

/** What seedApprovalQueue made. */
export interface SeededApprovalQueue {
  queueId: number;
  approvedQueueId: number;
  users: { id: number; username: string }[];
  documentIds: number[];
}

/**
 * One queue approving into another, its people and its documents in one transaction, by bulk
 * inserts (the workflow, live and statement-count benches each race approvals over such a queue;
 * the documents share one placeholder file, since an approval never reads it).
 */
export async function seedApprovalQueue(db: Kysely<Database>, seed: ApprovalQueueSeed): Promise<SeededApprovalQueue> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const { id: typeId } = await trx
      .insertInto('queue_types')
      .values({ name: `${seed.label} Invoices` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: approvedQueueId } = await trx
      .insertInto('queues')
      .values({ name: `${seed.label} Approved`, queue_type_id: typeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: queueId } = await trx
      .insertInto('queues')
      .values({ name: `${seed.label} Approval`, queue_type_id: typeId, approve_to_queue_id: approvedQueueId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from(`${seed.label} placeholder: the approvals never read the file`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await trx
      .insertInto('files')
      .values({ sha256, size: bytes.length, media_type: 'application/pdf', page_count: 1, created_at: now })
      .execute();
    const users = await trx
      .insertInto('users')
      .values(
        seed.usernames.map((username) => ({
          username,
          first_name: seed.label,
          last_name: username,
          email: `${username}@example.test`,
          directory_user_id: null,
          data_area_id: null,
          personal_queue_id: null,
          disabled: 0 as const,
          created_at: now,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    await trx
      .insertInto('queue_user_access')
      .values(
        users.flatMap((user) => [
          { user_id: user.id, queue_id: queueId, access: seed.approvalAccess },
          { user_id: user.id, queue_id: approvedQueueId, access: seed.approvedAccess },
        ]),
      )
      .execute();
    // Approving needs the 'Workflow: Approve' privilege as well as the queue's flag (else 403).
    const privilege = await trx.selectFrom('privileges').select('id').where('name', '=', 'Workflow: Approve').executeTakeFirst();
    const privilegeId =
      privilege?.id ??
      (await trx.insertInto('privileges').values({ name: 'Workflow: Approve', description: '' }).returning('id').executeTakeFirstOrThrow())
        .id;
    const approvers = users.slice(0, seed.approvers);
    if (approvers.length > 0) {
      await trx
        .insertInto('user_privileges')
        .values(approvers.map((user) => ({ user_id: user.id, privilege_id: privilegeId, value: 1 })))
        .execute();
    }
    // In chunks: one statement's bound values are limited (SQLite: 32,766) and a document row binds 14.
    const documentIds: number[] = [];
    for (let start = 0; start < seed.documents; start += DOCUMENT_CHUNK) {
      const rows = await trx
        .insertInto('documents')
        .values(
          Array.from({ length: Math.min(DOCUMENT_CHUNK, seed.documents - start) }, (_, offset) => {
            const i = start + offset;
            return {
              name: `${seed.label} invoice ${i + 1}.pdf`,
              description: `${seed.label} invoice ${i + 1}`,
              extension: 'pdf',
              file_sha256: sha256,
              total_pages: 1,
              subtype_id: null,
              user_string1: '',
              user_date1: null,
              queue_id: queueId,
              row_version: 0,
              created_by: users[0].id,
              created_at: now,
              updated_at: now,
              deleted_at: null,
            };
          }),
        )
        .returning('id')
        .execute();
      documentIds.push(...rows.map((row) => row.id));
    }
    return { queueId, approvedQueueId, users, documentIds };
  });
}
