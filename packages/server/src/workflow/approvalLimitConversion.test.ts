import { approvalAmountUnknown, approvalLimitExceeded, approvalLimitNoRate } from '@datahaven/core/rules';
import { DemoErpStore } from '../demo/demoErp/DemoErpStore';
import { DEMO_ERP_COMPANIES, type DemoPurchaseInvoice } from '../demo/demoErp/demoErpWorld';
import { createDocument, createGroup, createUser, grantTableAccess, unique } from '../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  placeInQueue,
  unlinkDocument,
} from '../test/workflowFactories';

/**
 * Three invoices of CRONUS (local currency USD) in other currencies, beside the demo ERP's own:
 * EUR dated in May (the demo ERP's EUR rate from 2025-05-01 is 100 EUR = 113.20 USD), EUR dated
 * in March (the rate of 2025-01-01 applies, 103.50) and Swiss francs, for which it holds no rate.
 */
const FOREIGN: readonly DemoPurchaseInvoice[] = [
  {
    number: 'PI-1101',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001101',
    vendor: 'V40000',
    vendorInvoiceNo: 'LW-EU-7710',
    postingDate: '2025-05-12',
    dueDate: '2025-06-11',
    pages: 2,
    seed: 5101,
    orderNumber: '106101',
    currencyCode: 'EUR',
  },
  {
    number: 'PI-1102',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001102',
    vendor: 'V40000',
    vendorInvoiceNo: 'LW-CH-0042',
    postingDate: '2025-05-12',
    dueDate: '2025-06-11',
    pages: 2,
    seed: 5102,
    orderNumber: '106102',
    currencyCode: 'CHF',
  },
  {
    number: 'PI-1103',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001103',
    vendor: 'V40000',
    vendorInvoiceNo: 'LW-EU-6120',
    postingDate: '2025-03-10',
    dueDate: '2025-04-09',
    pages: 2,
    seed: 5103,
    orderNumber: '106103',
    currencyCode: 'EUR',
  },
];
const [EUR_MAY, CHF, EUR_MARCH] = FOREIGN;
/** PI-1004 of CRONUS, in USD; Litware's vendor card. */
const PI_1004 = '8a4f2e6b-1c9d-4b3a-8e02-000000001004';
const LITWARE = '5d7e1c2a-8b3f-4a6e-9c01-000000040000';

interface User {
  id: number;
  username: string;
}

/** The amount in USD as the server books it: converted at the rate, rounded to the cent. */
const inUsd = (amount: number, usdPer100: number): number => Math.round(amount * (usdPer100 / 100) * 100) / 100;

for (const dialect of testDialects()) {
  describeOn(dialect)(
    `finding 2: approval limits that cannot be sidestepped, in the local currency at the ERP's rates [${dialect}]`,
    () => {
      let demo: TestDemoErp;
      let server: TestServer;
      const tables = { invoice: 0, vendor: 0, receipt: 0 };
      const q = { l1: 0, l2: 0, done: 0 };
      const names = { l1: '', l2: '' };
      let clerk: User;
      /** The demo's level-1 approver: a limit of 10,000.00. */
      let levelOne: User;
      let unlimited: User;
      /** The ERP's amounts of the foreign invoices, in their own currencies, and of PI-1004 in USD. */
      const amount = { eurMay: 0, chf: 0, eurMarch: 0, pi1004: 0 };

      /** A user whose only approval limit is `limit`, with every flag on the three queues. */
      const approverWithLimit = async (limit: number | null): Promise<User> => {
        const group = await createGroup(server, unique('Approvers '), [...WORKFLOW_PRIVILEGES]);
        if (limit !== null)
          await server.deps.db
            .updateTable('groups')
            .set({ approval_limit: limit, has_approval_limit: 1 })
            .where('id', '=', group)
            .execute();
        for (const sitId of Object.values(tables)) await grantTableAccess(server, group, sitId);
        for (const queue of Object.values(q)) await grantGroupQueueAccess(server, group, queue);
        return createUser(server, unique('approver'), { groups: [group] });
      };

      beforeAll(async () => {
        const world = DEMO_ERP_COMPANIES.map((company) =>
          company.name === 'CRONUS' ? { ...company, purchaseInvoices: [...company.purchaseInvoices, ...FOREIGN] } : company,
        );
        demo = await startTestDemoErp({ store: new DemoErpStore(world) });
        server = await startTestServer(dialect, { env: demo.env });
        const table = async (tableId: number, sourceType: number, typeName: string, label: string): Promise<number> =>
          (
            await server.deps.db
              .insertInto('integrated_tables')
              .values({ external_table_id: tableId, source_type_id: sourceType, entity_type_name: typeName, label, product_type: 'bc' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        tables.invoice = await table(38, 2, 'bc:Microsoft.NAV.PurchaseHeader', 'Purchase Invoice');
        tables.vendor = await table(23, 0, 'bc:Microsoft.NAV.Vendor', 'Vendor');
        tables.receipt = await table(120, 0, 'bc:Microsoft.NAV.PurchRcptHeader', 'Purchase Receipt');
        const source = server.deps.entitySources.source('bc');
        const total = async (id: string): Promise<number> =>
          Number((await source.get('purchaseInvoices', id, { company: 'CRONUS' }))?.totalAmountIncludingTax);
        amount.eurMay = await total(EUR_MAY.systemId);
        amount.chf = await total(CHF.systemId);
        amount.eurMarch = await total(EUR_MARCH.systemId);
        amount.pi1004 = await total(PI_1004);
        expect(Object.values(amount).every((value) => value > 100)).toBe(true);

        const type = await createQueueType(server);
        names.l1 = unique('Approval L1 ');
        names.l2 = unique('Approval L2 ');
        q.done = await createQueue(server, type, { name: unique('Approved ') });
        q.l2 = await createQueue(server, type, { name: names.l2, approveTo: q.done });
        q.l1 = await createQueue(server, type, { name: names.l1, approveTo: q.l2 });
        await createRoute(server, q.l1, q.l2);
        const clerks = await createGroup(server, unique('AP Clerks '), ['Cabinet: Import Documents']);
        for (const sitId of Object.values(tables)) await grantTableAccess(server, clerks, sitId, { canUpload: true });
        clerk = await createUser(server, unique('clerk'), { groups: [clerks] });
        levelOne = await approverWithLimit(10_000);
        unlimited = await approverWithLimit(null);
      });

      afterAll(async () => {
        await server?.close();
        await demo?.stop();
      });

      /** A new document on a record of `sitId`, in a queue, with the row version a window would send. */
      const documentIn = async (
        queueId: number,
        sitId: number,
        recordId: string,
        fileName: string,
      ): Promise<{ id: number; rowVersion: number }> => {
        const id = await createDocument(server, { sitId, recordId, dataAreaId: 'CRONUS', fileName, uploader: clerk });
        await placeInQueue(server, id, queueId);
        return { id, rowVersion: await documentRowVersion(server, id) };
      };
      const act = (user: User, path: 'approval' | 'route', doc: { id: number; rowVersion: number }, queueId: number, extra = {}) =>
        server.inject({
          method: 'PUT',
          url: `/api/documents/${path}`,
          headers: server.authHeaders(user.username),
          payload: { docId: [doc.id], rowConflictIds: [doc.rowVersion], expectedQueueId: queueId, ...extra },
        });
      const refusal = async (response: Promise<{ statusCode: number; json<T>(): T }>): Promise<[number, string]> => {
        const answer = await response;
        return [answer.statusCode, answer.json<{ message: string }>().message];
      };
      const queueOf = async (id: number): Promise<number | null> =>
        (await server.deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
      const approvalRow = (id: number) =>
        server.deps.db
          .selectFrom('workflow_history')
          .select(['user_id', 'amount', 'amount_currency', 'approval_limit', 'limit_currency', 'approval_level'])
          .where('document_id', '=', id)
          .where('action', '=', 'approve')
          .execute();
      const systemNotesOf = async (id: number): Promise<string[]> =>
        (
          await server.deps.db
            .selectFrom('notes')
            .select('text')
            .where('document_id', '=', id)
            .where('kind', '=', 'system')
            .orderBy('id')
            .execute()
        ).map((note) => note.text);

      it('finding 2: the level-1 approver (limit 10,000) cannot approve an unlinked BIG-INVOICE-999999.pdf; its way on is routing it to level 2', async () => {
        const doc = await documentIn(q.l1, tables.invoice, PI_1004, 'BIG-INVOICE-999999.pdf');
        await unlinkDocument(server, doc.id);
        expect(await refusal(act(levelOne, 'approval', doc, q.l1))).toEqual([
          400,
          approvalAmountUnknown('BIG-INVOICE-999999.pdf', names.l1, false),
        ]);
        expect(await queueOf(doc.id)).toBe(q.l1);
        expect(await approvalRow(doc.id)).toEqual([]);
        // The refusal offers routing to a level without a limit: that works, and an approver without a limit decides there.
        expect((await act(levelOne, 'route', doc, q.l1, { to: q.l2 })).statusCode).toBe(200);
        expect((await act(unlimited, 'approval', { id: doc.id, rowVersion: doc.rowVersion + 1 }, q.l2)).statusCode).toBe(200);
        expect(await queueOf(doc.id)).toBe(q.done);
      });

      it('finding 2: a document linked to a vendor card or to a purchase receipt has no amount to judge, so a limit refuses it in words', async () => {
        const receipts = await server.deps.entitySources.source('bc').queryAll('purchaseReceipts', { company: 'CRONUS' });
        const receiptId = String(receipts[0]?.id);
        const onVendor = await documentIn(q.l1, tables.vendor, LITWARE, 'LW-5531 on the vendor.pdf');
        const onReceipt = await documentIn(q.l1, tables.receipt, receiptId, 'Delivery note.pdf');
        expect(await refusal(act(levelOne, 'approval', onVendor, q.l1))).toEqual([
          400,
          approvalAmountUnknown('LW-5531 on the vendor.pdf', names.l1, true),
        ]);
        expect(await refusal(act(levelOne, 'approval', onReceipt, q.l1))).toEqual([
          400,
          approvalAmountUnknown('Delivery note.pdf', names.l1, true),
        ]);
        expect([await queueOf(onVendor.id), await queueOf(onReceipt.id)]).toEqual([q.l1, q.l1]);
      });

      it("finding 2: a EUR invoice is judged in USD at the ERP's rate of its date: within the limit in euros but over it in dollars → refused; within it → approved, the amounts in the history row and a note", async () => {
        const converted = inUsd(amount.eurMay, 113.2);
        expect(converted).toBeGreaterThan(amount.eurMay);
        // A limit the euro figure is under and the dollar figure over: comparing without conversion would pass it.
        const tight = await approverWithLimit(Math.ceil(amount.eurMay) + 1);
        const doc = await documentIn(q.l1, tables.invoice, EUR_MAY.systemId, 'LW-EU-7710.pdf');
        expect(await refusal(act(tight, 'approval', doc, q.l1))).toEqual([
          400,
          approvalLimitExceeded(amount.eurMay, 'EUR', 'LW-EU-7710.pdf', Math.ceil(amount.eurMay) + 1, names.l1, {
            amount: converted,
            currencyCode: 'USD',
          }),
        ]);
        expect(await queueOf(doc.id)).toBe(q.l1);

        const ampleLimit = Math.ceil(converted) + 1;
        const ample = await approverWithLimit(ampleLimit);
        expect((await act(ample, 'approval', doc, q.l1)).statusCode).toBe(200);
        expect(await queueOf(doc.id)).toBe(q.l2);
        expect(await approvalRow(doc.id)).toEqual([
          {
            user_id: ample.id,
            amount: amount.eurMay,
            amount_currency: 'EUR',
            approval_limit: ampleLimit,
            limit_currency: 'USD',
            approval_level: 1,
          },
        ]);
        expect((await systemNotesOf(doc.id)).at(-1)).toBe(
          `Amount judged against the approval limit: ${fmt(amount.eurMay)} EUR = ${fmt(converted)} USD at the ERP's rate of 2025-05-01 (100.00 EUR = 113.20 USD); limit ${fmt(ampleLimit)} USD.`,
        );
      });

      it('takes the rate valid on the invoice date (the latest starting on or before it), not a later one', async () => {
        const atMarchRate = inUsd(amount.eurMarch, 103.5);
        const atMayRate = inUsd(amount.eurMarch, 113.2);
        // Within the limit at March's rate, over it at May's.
        const limit = Math.ceil(atMarchRate) + 1;
        expect(limit).toBeLessThan(atMayRate);
        const approver = await approverWithLimit(limit);
        const doc = await documentIn(q.l1, tables.invoice, EUR_MARCH.systemId, 'LW-EU-6120.pdf');
        expect((await act(approver, 'approval', doc, q.l1)).statusCode).toBe(200);
        expect((await systemNotesOf(doc.id)).at(-1)).toContain(
          `= ${fmt(atMarchRate)} USD at the ERP's rate of 2025-01-01 (100.00 EUR = 103.50 USD)`,
        );
      });

      it('finding 2: an invoice in a currency the ERP holds no rate for is refused in words naming the currency and the date', async () => {
        const doc = await documentIn(q.l1, tables.invoice, CHF.systemId, 'LW-CH-0042.pdf');
        expect(await refusal(act(levelOne, 'approval', doc, q.l1))).toEqual([
          400,
          approvalLimitNoRate(amount.chf, 'CHF', 'LW-CH-0042.pdf', 10_000, 'USD', names.l1, 'CHF', '2025-05-12', 'Business Central'),
        ]);
        expect(await queueOf(doc.id)).toBe(q.l1);
        // Without a limit nothing is converted, so the missing rate does not stop an unlimited approver.
        expect((await act(unlimited, 'approval', doc, q.l1)).statusCode).toBe(200);
        expect(await approvalRow(doc.id)).toEqual([
          { user_id: unlimited.id, amount: null, amount_currency: null, approval_limit: null, limit_currency: null, approval_level: 1 },
        ]);
      });

      it('an invoice in the local currency is compared as it is, at level 2 of the chain; no conversion note', async () => {
        const approver = await approverWithLimit(Math.ceil(amount.pi1004));
        const doc = await documentIn(q.l2, tables.invoice, PI_1004, 'LW-5531.pdf');
        const notesBefore = (await systemNotesOf(doc.id)).length;
        expect((await act(approver, 'approval', doc, q.l2)).statusCode).toBe(200);
        expect(await approvalRow(doc.id)).toEqual([
          {
            user_id: approver.id,
            amount: amount.pi1004,
            amount_currency: 'USD',
            approval_limit: Math.ceil(amount.pi1004),
            limit_currency: 'USD',
            approval_level: 2,
          },
        ]);
        // Only the approval's own system note was added.
        expect((await systemNotesOf(doc.id)).length).toBe(notesBefore + 1);
      });
    },
  );
}

/** An amount as the messages show it: two decimals, thousands separated. */
function fmt(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
