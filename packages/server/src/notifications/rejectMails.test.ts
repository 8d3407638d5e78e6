import { FEATURES2, encodeDocumentId } from '@datahaven/core/model';
import type { RecordedMail } from '../demo/registerDemoGraphRoutes';
import { startEntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import type { EntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import { startGraphNotificationStandIn } from '../test/startGraphNotificationStandIn';
import type { GraphNotificationStandIn } from '../test/startGraphNotificationStandIn';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOn, startTestServer, testDialects } from '../test/testServer';
import type { TestServer } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  grantWorkflowPrivileges,
  placeInQueue,
} from '../test/workflowFactories';
import type { QueueAccessFlag } from '../access';
import { REJECT_MAIL_JOB } from './rejectMailJobHandler';

const MAILBOX = 'ap-notices@contoso.test';
const PUBLIC_URL = 'https://docs.contoso.test';
const CLERK_FLAGS: QueueAccessFlag[] = ['BrowseToQueue', 'AccessDocumentWithin', 'SearchWithin', 'ViewDocumentsWithin', 'Route', 'Reject'];

let entra: EntraAppTokenStandIn;
let graph: GraphNotificationStandIn;
beforeAll(async () => {
  entra = await startEntraAppTokenStandIn();
  graph = await startGraphNotificationStandIn(entra.authority);
});
afterAll(async () => {
  await graph?.close();
  await entra?.close();
});

for (const dialect of testDialects()) {
  describeOn(dialect)(`Reject notices by e-mail through Graph sendMail [${dialect}]`, () => {
    let server: TestServer;
    let world: World;
    let approver: { id: number; username: string };
    let clerkEmail: string;
    const q = { inbox: 0, l1: 0, rejected: 0, l1Name: unique('Approval L1 ') };

    beforeAll(async () => {
      server = await startTestServer(dialect, {
        env: {
          DATAHAVEN_PUBLIC_URL: PUBLIC_URL,
          DATAHAVEN_ENTRA_CLIENT_ID: entra.clientId,
          DATAHAVEN_ENTRA_CLIENT_SECRET: entra.clientSecret,
          DATAHAVEN_ENTRA_AUTHORITY: entra.authority,
          DATAHAVEN_ENTRA_TENANTS: entra.tenantId,
          DATAHAVEN_GRAPH_URL: graph.graphUrl,
          DATAHAVEN_GRAPH_MAIL_FROM: MAILBOX,
          // No Teams app id: Teams notices are off, the mail goes all the same.
        },
      });
      world = await createWorld(server);
      await grantWorkflowPrivileges(server, world.clerk.id);
      // A mailbox of this run only: the stand-in is shared by the dialects' runs.
      clerkEmail = `${unique('alex.clerk.')}@contoso.test`.replace(/\s/g, '');
      await server.deps.db
        .updateTable('users')
        .set({ email: clerkEmail, first_name: 'Alex', last_name: 'Clerk' })
        .where('id', '=', world.clerk.id)
        .execute();
      const type = await createQueueType(server);
      q.rejected = await createQueue(server, type, { name: unique('Rejected ') });
      q.l1 = await createQueue(server, type, { name: q.l1Name, features2: FEATURES2.IncludeInAutoRoute, rejectTo: q.rejected });
      q.inbox = await createQueue(server, type, { name: unique('AP Inbox ') });
      await createRoute(server, q.inbox, q.l1);
      for (const id of [q.inbox, q.rejected]) await grantUserQueueAccess(server, world.clerk.id, id, CLERK_FLAGS);
      const approvers = await createGroup(server, unique('Approvers '), ['Notes: View Only', ...WORKFLOW_PRIVILEGES]);
      await grantTableAccess(server, approvers, world.table.sitId);
      for (const id of [q.l1, q.rejected]) await grantGroupQueueAccess(server, approvers, id);
      approver = await createUser(server, unique('approver'), { groups: [approvers] });
      await server.deps.db.updateTable('users').set({ first_name: 'Pat', last_name: 'Approver' }).where('id', '=', approver.id).execute();
    });
    afterAll(async () => {
      await server?.close();
    });

    /** An invoice the clerk sent for approval: it sits in L1, its latest route the clerk's. */
    const sentInvoice = async (): Promise<{ id: number; name: string; rowVersion: number }> => {
      const name = `${unique('Invoice ')}.pdf`;
      const id = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: name,
        content: await makePdf(1, unique('Invoice ')),
        uploader: world.clerk,
      });
      await placeInQueue(server, id, q.inbox);
      const sent = await server.inject({
        method: 'PUT',
        url: '/api/documents/send-for-approval',
        headers: server.authHeaders(world.clerk.username),
        payload: { docId: [id], rowConflictIds: [await documentRowVersion(server, id)], expectedQueueId: q.inbox },
      });
      expect(sent.statusCode).toBe(200);
      return { id, name, rowVersion: sent.json<{ documents: { rowVersion: number }[] }>().documents[0].rowVersion };
    };
    const reject = async (
      doc: { id: number; rowVersion: number },
      reason?: string,
      username = approver.username,
      language?: string,
    ): Promise<void> => {
      const response = await server.inject({
        method: 'PUT',
        url: '/api/documents/reject',
        headers: { ...server.authHeaders(username), ...(language === undefined ? {} : { 'accept-language': language }) },
        payload: {
          docId: [doc.id],
          rowConflictIds: [doc.rowVersion],
          expectedQueueId: q.l1,
          ...(reason === undefined ? {} : { rejectionNote: reason }),
        },
      });
      expect(response.statusCode).toBe(200);
    };
    const mailsTo = async (address: string): Promise<RecordedMail[]> =>
      (await graph.mails()).filter((mail) => mail.toRecipients.some((r) => r.emailAddress.address === address));
    const mailJobsOf = async (documentId: number) => {
      const rows = await server.deps.db.selectFrom('reject_mails').select('id').where('document_id', '=', documentId).execute();
      return rows.length === 0
        ? []
        : server.deps.db
            .selectFrom('jobs')
            .select(['state', 'attempts', 'last_error'])
            .where('kind', '=', REJECT_MAIL_JOB)
            .where(
              'subject',
              'in',
              rows.map((row) => String(row.id)),
            )
            .execute();
    };

    it('mails whoever sent it: who rejected what (vendor, invoice number, amount), the reason escaped, a link to the viewer', async () => {
      const doc = await sentInvoice();
      // The linked record's facts as the ERP gave them (the facts job caches them).
      const link = await server.deps.db
        .selectFrom('record_links')
        .select(['integrated_table_id', 'data_area_id', 'record_id'])
        .where('document_id', '=', doc.id)
        .where('is_primary', '=', 1)
        .executeTakeFirstOrThrow();
      await server.deps.db.deleteFrom('linked_record_facts').where('record_id', '=', link.record_id).execute();
      await server.deps.db
        .insertInto('linked_record_facts')
        .values({
          ...link,
          source: 'bc',
          record_number: 'PI-1001',
          vendor_number: 'V40000',
          vendor_name: 'Fabrikam & Sons',
          invoice_number: 'F-778',
          amount: 1234.5,
          currency_code: 'EUR',
          fetched_at: new Date().toISOString(),
        })
        .execute();
      const reason = 'Wrong <b>amount</b>: <script>alert("x")</script>\nPO says 1,200.00 & more';
      await reject(doc, reason);
      expect(await mailJobsOf(doc.id)).toEqual([{ state: 'pending', attempts: 0, last_error: null }]);

      await server.runJobs([REJECT_MAIL_JOB]);
      const mails = await mailsTo(clerkEmail);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail).toMatchObject({
        from: MAILBOX,
        tenantId: entra.tenantId,
        subject: `Rejected: ${doc.name}`,
        toRecipients: [{ emailAddress: { address: clerkEmail, name: 'Alex Clerk' } }],
        saveToSentItems: false,
      });
      expect(mail.body.contentType).toBe('HTML');
      const html = mail.body.content;
      expect(html).toContain(`Pat Approver rejected <strong>${doc.name}</strong> in ${q.l1Name}.`);
      expect(html).toContain('<th align="left">Vendor</th><td>Fabrikam &amp; Sons (V40000)</td>');
      expect(html).toContain('<th align="left">Invoice No.</th><td>F-778</td>');
      expect(html).toContain('<th align="left">Amount</th><td>1,234.50 EUR</td>');
      expect(html).toContain(
        '<blockquote style="white-space: pre-wrap">Wrong &lt;b&gt;amount&lt;/b&gt;: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\nPO says 1,200.00 &amp; more</blockquote>',
      );
      expect(html).not.toContain('<script');
      expect(html).toContain(`<a href="${PUBLIC_URL}/viewer/${encodeDocumentId(doc.id)}">Open ${doc.name}</a>`);
      expect(await mailJobsOf(doc.id)).toEqual([{ state: 'done', attempts: 1, last_error: null }]);
      const row = await server.deps.db.selectFrom('reject_mails').select(['state', 'user_id']).where('document_id', '=', doc.id).execute();
      expect(row).toEqual([{ state: 'sent', user_id: world.clerk.id }]);

      // Run again (a runner that died after Graph took it): nothing goes twice.
      await server.deps.db
        .insertInto('jobs')
        .values({
          kind: REJECT_MAIL_JOB,
          subject: String(
            (await server.deps.db.selectFrom('reject_mails').select('id').where('document_id', '=', doc.id).executeTakeFirstOrThrow()).id,
          ),
          run_after: new Date(0).toISOString(),
          created_at: new Date().toISOString(),
        })
        .execute();
      await server.runJobs([REJECT_MAIL_JOB]);
      expect(await mailsTo(clerkEmail)).toHaveLength(1);
    });

    it.each([429, 503] as const)('Graph answering %i is waited out and one mail goes, not two', async (status) => {
      const doc = await sentInvoice();
      const before = (await mailsTo(clerkEmail)).length;
      await reject(doc, `Throttled ${status}`);
      const requestsBefore = graph.requests();
      await graph.throttleOnce(0, status);
      await server.runJobs([REJECT_MAIL_JOB]);
      // The refused request and the one Graph took.
      expect(graph.requests() - requestsBefore).toBe(2);
      const mails = (await mailsTo(clerkEmail)).slice(before);
      expect(mails.map((mail) => mail.body.content.includes(`Throttled ${status}`))).toEqual([true]);
      expect(await mailJobsOf(doc.id)).toEqual([{ state: 'done', attempts: 1, last_error: null }]);
    });

    it('words the mail in the language of the reject that caused it: German for a reject asked in de-DE', async () => {
      const doc = await sentInvoice();
      const link = await server.deps.db
        .selectFrom('record_links')
        .select(['integrated_table_id', 'data_area_id', 'record_id'])
        .where('document_id', '=', doc.id)
        .where('is_primary', '=', 1)
        .executeTakeFirstOrThrow();
      await server.deps.db.deleteFrom('linked_record_facts').where('record_id', '=', link.record_id).execute();
      await server.deps.db
        .insertInto('linked_record_facts')
        .values({
          ...link,
          source: 'bc',
          record_number: 'PI-1002',
          vendor_number: 'V40000',
          vendor_name: 'Fabrikam',
          invoice_number: 'F-779',
          amount: 1234.5,
          currency_code: 'EUR',
          fetched_at: new Date().toISOString(),
        })
        .execute();
      await reject(doc, 'Betrag falsch', approver.username, 'de-DE,de;q=0.9,en;q=0.8');
      await server.runJobs([REJECT_MAIL_JOB]);
      const mails = (await mailsTo(clerkEmail)).filter((mail) => mail.subject.endsWith(doc.name));
      expect(mails.map((mail) => mail.subject)).toEqual([`Abgelehnt: ${doc.name}`]);
      const html = mails[0].body.content;
      expect(html).toContain('<html lang="de">');
      expect(html).toContain(`Pat Approver hat <strong>${doc.name}</strong> in ${q.l1Name} abgelehnt.`);
      expect(html).toContain('<th align="left">Kreditor</th><td>Fabrikam (V40000)</td>');
      expect(html).toContain('<th align="left">Rechnungsnr.</th><td>F-779</td>');
      expect(html).toContain('<th align="left">Betrag</th><td>1.234,50 EUR</td>');
      expect(html).toContain('<p>Grund:</p>');
      expect(html).toContain(`<a href="${PUBLIC_URL}/viewer/${encodeDocumentId(doc.id)}">${doc.name} öffnen</a>`);
      expect(html).not.toContain('rejected');

      // The same reject asked in fr-FR (a language the product does not speak) mails in English.
      const other = await sentInvoice();
      await reject(other, 'Wrong amount', approver.username, 'fr-FR');
      await server.runJobs([REJECT_MAIL_JOB]);
      const english = (await mailsTo(clerkEmail)).filter((mail) => mail.subject.endsWith(other.name));
      expect(english.map((mail) => mail.subject)).toEqual([`Rejected: ${other.name}`]);
      expect(english[0].body.content).toContain('<html lang="en">');
    });

    it('a Retry-After too long to wait fails the job in words; the job machinery retries later and one mail goes', async () => {
      const doc = await sentInvoice();
      const before = (await mailsTo(clerkEmail)).length;
      await reject(doc, 'Retried later');
      await graph.throttleOnce(120, 429);
      await server.runJobs([REJECT_MAIL_JOB]);
      const [failed] = await mailJobsOf(doc.id);
      expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
      expect(failed.last_error).toMatch(/^Microsoft Graph refused the reject notice mail from ap-notices@contoso\.test to .*: 429 /);
      expect((await mailsTo(clerkEmail)).length).toBe(before);

      server.advanceDatabaseClock(31_000);
      await server.runJobs([REJECT_MAIL_JOB]);
      expect((await mailsTo(clerkEmail)).slice(before).map((mail) => mail.body.content.includes('Retried later'))).toEqual([true]);
      expect(await mailJobsOf(doc.id)).toMatchObject([{ state: 'done', attempts: 2 }]);
      const row = await server.deps.db
        .selectFrom('reject_mails')
        .select(['state', 'last_error'])
        .where('document_id', '=', doc.id)
        .execute();
      expect(row).toEqual([{ state: 'sent', last_error: null }]);
    });

    it('writes no mail for a reject without a reason, for a sender without an e-mail address, or while Graph mail is not configured', async () => {
      const silent = await sentInvoice();
      await reject(silent);
      expect(await mailJobsOf(silent.id)).toEqual([]);

      const noAddress = await sentInvoice();
      await server.deps.db.updateTable('users').set({ email: '' }).where('id', '=', world.clerk.id).execute();
      try {
        await reject(noAddress, 'Nobody to tell');
      } finally {
        await server.deps.db.updateTable('users').set({ email: clerkEmail }).where('id', '=', world.clerk.id).execute();
      }
      expect(await mailJobsOf(noAddress.id)).toEqual([]);

      const off = await sentInvoice();
      server.config.mailFrom = '';
      try {
        await reject(off, 'Mail is off');
      } finally {
        server.config.mailFrom = MAILBOX;
      }
      expect(await server.deps.db.selectFrom('reject_mails').select('id').where('document_id', '=', off.id).execute()).toEqual([]);
    });
  });
}
