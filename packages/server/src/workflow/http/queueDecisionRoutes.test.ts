import type { DmsDocument, QueueDocumentsPage, WorkflowRoot } from '@datahaven/core/model';
import { LINKED_RECORD_FACTS_JOB, LINKED_RECORD_FACTS_RETRY_MS, LINKED_RECORD_FACTS_TTL_MS } from '../../erp/linkedRecordFacts';
import { createDocument, createUser, createWorld, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue, workflowPrivilegeGrants } from '../../test/workflowFactories';

const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const PI_1004 = '8a4f2e6b-1c9d-4b3a-8e02-000000001004';
const FOREVER = '2999-01-01T00:00:00.000Z';

/** What a fixture document's linked record says, and its workflow figures. */
interface Fixture {
  vendor: string | null;
  invoice: string | null;
  amount: number | null;
  invoiceDate: string | null;
  due: string | null;
  discount: string | null;
  /** When it entered the queue. */
  entered: string;
  lockedBy: 'ann' | 'bob' | null;
  notes: number;
}

/** Twelve rows with ties and blanks in every column, so the id tie-break and "blanks last" both show. */
const FIXTURES: readonly Fixture[] = [
  {
    vendor: 'Fabrikam',
    invoice: 'F-2',
    amount: 120.5,
    invoiceDate: '2025-05-01',
    due: '2025-06-01',
    discount: '2025-05-15',
    entered: '2025-05-03T08:00:00.000Z',
    lockedBy: null,
    notes: 0,
  },
  {
    vendor: 'contoso',
    invoice: 'C-9',
    amount: 99,
    invoiceDate: '2025-05-02',
    due: '2025-05-20',
    discount: null,
    entered: '2025-05-10T08:00:00.000Z',
    lockedBy: 'bob',
    notes: 2,
  },
  {
    vendor: 'Northwind',
    invoice: null,
    amount: null,
    invoiceDate: null,
    due: null,
    discount: null,
    entered: '2025-05-03T08:00:00.000Z',
    lockedBy: null,
    notes: 1,
  },
  {
    vendor: 'Fabrikam',
    invoice: 'F-1',
    amount: 120.5,
    invoiceDate: '2025-05-01',
    due: '2025-06-01',
    discount: '2025-05-15',
    entered: '2025-05-01T08:00:00.000Z',
    lockedBy: 'ann',
    notes: 0,
  },
  {
    vendor: 'Litware',
    invoice: 'L-5',
    amount: 4000,
    invoiceDate: '2025-04-28',
    due: '2025-05-28',
    discount: '2025-05-30',
    entered: '2025-05-20T08:00:00.000Z',
    lockedBy: null,
    notes: 3,
  },
  {
    vendor: null,
    invoice: null,
    amount: null,
    invoiceDate: null,
    due: null,
    discount: null,
    entered: '2025-05-20T08:00:00.000Z',
    lockedBy: null,
    notes: 0,
  },
  {
    vendor: 'contoso',
    invoice: 'C-10',
    amount: 15.75,
    invoiceDate: '2025-05-05',
    due: '2025-05-20',
    discount: '2025-05-10',
    entered: '2025-05-04T08:00:00.000Z',
    lockedBy: 'ann',
    notes: 1,
  },
  {
    vendor: 'Adatum',
    invoice: 'A-1',
    amount: 2500,
    invoiceDate: '2025-05-09',
    due: '2025-06-08',
    discount: null,
    entered: '2025-05-09T08:00:00.000Z',
    lockedBy: null,
    notes: 0,
  },
  {
    vendor: 'Northwind',
    invoice: 'N-3',
    amount: 99,
    invoiceDate: '2025-05-02',
    due: '2025-05-31',
    discount: '2025-05-30',
    entered: '2025-05-12T08:00:00.000Z',
    lockedBy: null,
    notes: 5,
  },
  {
    vendor: 'Litware',
    invoice: 'L-4',
    amount: 0,
    invoiceDate: '2025-04-30',
    due: '2025-05-28',
    discount: null,
    entered: '2025-05-01T08:00:00.000Z',
    lockedBy: 'bob',
    notes: 0,
  },
  {
    vendor: 'Adatum',
    invoice: 'a-2',
    amount: 2500,
    invoiceDate: '2025-05-09',
    due: '2025-06-02',
    discount: '2025-05-16',
    entered: '2025-05-11T08:00:00.000Z',
    lockedBy: null,
    notes: 2,
  },
  {
    vendor: 'Fabrikam',
    invoice: 'F-3',
    amount: 7.2,
    invoiceDate: '2025-05-07',
    due: '2025-06-03',
    discount: null,
    entered: '2025-05-07T08:00:00.000Z',
    lockedBy: null,
    notes: 1,
  },
];

type Value = string | number | null;

/** The server's order: blanks last in either direction, then the value, then the id in the asked direction. */
function expectedOrder(ids: readonly number[], value: (index: number) => Value, desc: boolean): number[] {
  const indexes = ids.map((_, index) => index);
  indexes.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va === null && vb === null) return desc ? ids[b] - ids[a] : ids[a] - ids[b];
      return va === null ? 1 : -1;
    }
    const compared = typeof va === 'number' && typeof vb === 'number' ? va - vb : va < vb ? -1 : va > vb ? 1 : 0;
    if (compared !== 0) return desc ? -compared : compared;
    return desc ? ids[b] - ids[a] : ids[a] - ids[b];
  });
  return indexes.map((index) => ids[index]);
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`queue decision data: linked record facts, sorts, due-date priority [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let world: World;
    let invoiceSit: number;
    let approver: { id: number; username: string };
    let typeId: number;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      world = await createWorld(server);
      // BC's purchase invoices as the demo seeds them: table 38 'Purchase Header', served as purchaseInvoices.
      invoiceSit = (
        await server.deps.db
          .insertInto('integrated_tables')
          .values({
            external_table_id: 38,
            source_type_id: 2,
            entity_type_name: 'bc:Microsoft.NAV.PurchaseHeader',
            label: 'Purchase Invoice',
            product_type: 'bc',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      approver = await createUser(server, unique('approver'), { privileges: workflowPrivilegeGrants() });
      typeId = await createQueueType(server);
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const newQueue = async (): Promise<number> => {
      const queue = await createQueue(server, typeId, { name: unique('Approval ') });
      await grantUserQueueAccess(server, approver.id, queue);
      return queue;
    };

    /** A document in `queue` whose primary link names the purchase invoice `recordId` of CRONUS. */
    const invoiceDocument = async (queue: number, recordId: string, name = 'invoice.pdf'): Promise<number> => {
      const id = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: name,
        content: await makePdf(1),
        uploader: world.clerk,
      });
      await server.deps.db
        .updateTable('record_links')
        .set({ integrated_table_id: invoiceSit, record_id: recordId, data_area_id: 'CRONUS' })
        .where('document_id', '=', id)
        .execute();
      await placeInQueue(server, id, queue);
      return id;
    };

    const list = async (queue: number, query: string): Promise<QueueDocumentsPage> => {
      const answer = await server.inject({ url: `/api/queues/${queue}/workflow?${query}`, headers: server.authHeaders(approver.username) });
      expect(answer.statusCode).toBe(200);
      return answer.json<QueueDocumentsPage>();
    };
    const decisionOf = (page: QueueDocumentsPage, id: number): NonNullable<DmsDocument['decision']> => {
      const decision = page.documents.find((doc) => doc.id === id)?.decision;
      if (decision === undefined) throw new Error(`Document ${id} has no decision data`);
      return decision;
    };

    it('caches the linked invoice facts read from the demo ERP over HTTP, lists them without the ERP, and marks them stale when it is down', async () => {
      const queue = await newQueue();
      const northwind = await invoiceDocument(queue, PI_1003, 'NWT-2025-0097.pdf');
      const litware = await invoiceDocument(queue, PI_1004, 'LW-5531.pdf');

      // Not read yet: the listing answers at once and leaves the reading to a job.
      const first = await list(queue, 'sort=name');
      expect(decisionOf(first, northwind).factsState).toBe('loading');
      expect(await server.runJobs([LINKED_RECORD_FACTS_JOB])).toBeGreaterThanOrEqual(2);

      const read = await list(queue, 'sort=name');
      expect(decisionOf(read, northwind)).toMatchObject({
        vendorNumber: 'V30000',
        vendorName: 'Northwind Traders',
        invoiceNumber: 'NWT-2025-0097',
        currencyCode: 'USD',
        invoiceDate: '2025-05-02',
        dueDate: '2025-06-01',
        cashDiscountDate: null,
        factsState: 'current',
        overdue: true,
        noteCount: 0,
      });
      expect(decisionOf(read, northwind).amount).toBeGreaterThan(0);
      // PI-1004's cash discount ends on the day the demo ERP started (its pmtDiscountDate): today.
      expect(decisionOf(read, litware)).toMatchObject({
        vendorName: 'Litware Office',
        invoiceNumber: 'LW-5531',
        dueDate: '2025-05-30',
        cashDiscountDate: new Date().toISOString().slice(0, 10),
        discountExpiresToday: true,
      });
      const fetchedAt = decisionOf(read, northwind).factsFetchedAt;
      expect(fetchedAt).not.toBeNull();

      // The ERP goes down: within the TTL the listing shows the cache and asks the ERP nothing.
      await demo.stop();
      try {
        const cached = await list(queue, 'sort=dueDate');
        expect(cached.documents.map((doc) => doc.id)).toEqual([litware, northwind]);
        expect(decisionOf(cached, northwind)).toMatchObject({ vendorName: 'Northwind Traders', factsState: 'current' });
        expect(await server.runJobs([LINKED_RECORD_FACTS_JOB])).toBe(0);

        // Past the TTL the listing queues a refresh; the ERP cannot be read, so the row is stale and keeps its facts.
        server.setNow(new Date(Date.now() + LINKED_RECORD_FACTS_TTL_MS + 1000));
        await list(queue, 'sort=name');
        expect(await server.runJobs([LINKED_RECORD_FACTS_JOB])).toBe(2);
        const stale = await list(queue, 'sort=name');
        expect(decisionOf(stale, northwind)).toMatchObject({
          vendorName: 'Northwind Traders',
          dueDate: '2025-06-01',
          factsState: 'stale',
          factsFetchedAt: fetchedAt,
        });
        // Within the retry pause nothing is asked again.
        expect(await server.runJobs([LINKED_RECORD_FACTS_JOB])).toBe(0);
      } finally {
        await demo.restart();
      }

      // Back: after the retry pause the next listing refreshes and the row is current again.
      server.setNow(new Date(Date.now() + LINKED_RECORD_FACTS_TTL_MS + LINKED_RECORD_FACTS_RETRY_MS + 2000));
      await list(queue, 'sort=name');
      expect(await server.runJobs([LINKED_RECORD_FACTS_JOB])).toBe(2);
      const again = await list(queue, 'sort=name');
      expect(decisionOf(again, northwind).factsState).toBe('current');
      server.setNow(null);
    });

    it('reads the facts of a record linked through the link call, in the background job it queues', async () => {
      const queue = await newQueue();
      const id = await invoiceDocument(queue, PI_1003);
      await server.deps.db.deleteFrom('record_links').where('document_id', '=', id).execute();
      await server.deps.db.deleteFrom('linked_record_facts').execute();
      const linker = await createUser(server, unique('linker'), {
        privileges: { ...workflowPrivilegeGrants(), 'Dynamics: Link to Existing': true },
      });
      await grantUserQueueAccess(server, linker.id, queue);
      const linked = await server.inject({
        method: 'POST',
        url: `/api/documents/${id}/link?relatedTypeName=bc:Microsoft.NAV.PurchaseHeader&relatedDataAreaId=CRONUS&relatedRecordId=${PI_1004}`,
        headers: server.authHeaders(linker.username),
      });
      expect(linked.statusCode).toBe(200);
      const row = await server.deps.db
        .selectFrom('linked_record_facts')
        .select('id')
        .where('record_id', '=', PI_1004)
        .executeTakeFirstOrThrow();
      const job = await server.deps.db
        .selectFrom('jobs')
        .select('state')
        .where('kind', '=', LINKED_RECORD_FACTS_JOB)
        .where('subject', '=', String(row.id))
        .executeTakeFirstOrThrow();
      expect(job.state).toBe('pending');
      await server.runJobs([LINKED_RECORD_FACTS_JOB]);
      expect(decisionOf(await list(queue, 'sort=name'), id)).toMatchObject({ vendorName: 'Litware Office', factsState: 'current' });
    });

    describe('on cached facts', () => {
      let queue: number;
      let ids: number[];

      beforeAll(async () => {
        queue = await newQueue();
        const db = server.deps.db;
        const ann = await createUser(server, unique('ann'));
        const bob = await createUser(server, unique('bob'));
        // Lock holders sort by login: make ann's sort before bob's whatever the unique suffix.
        const holders = { ann: ann.id, bob: bob.id };
        ids = [];
        const fetchedAt = new Date().toISOString();
        for (const [index, fixture] of FIXTURES.entries()) {
          const recordId = `00000000-0000-4000-9000-${String(index + 1).padStart(12, '0')}`;
          const id = await invoiceDocument(queue, recordId, `doc-${index + 1}.pdf`);
          ids.push(id);
          await db
            .insertInto('linked_record_facts')
            .values({
              integrated_table_id: invoiceSit,
              data_area_id: 'CRONUS',
              record_id: recordId,
              source: 'bc',
              vendor_name: fixture.vendor,
              vendor_number: fixture.vendor === null ? null : `V-${fixture.vendor}`,
              invoice_number: fixture.invoice,
              amount: fixture.amount,
              currency_code: 'EUR',
              invoice_date: fixture.invoiceDate,
              due_date: fixture.due,
              discount_date: fixture.discount,
              fetched_at: fetchedAt,
              attempted_at: fetchedAt,
            })
            .execute();
          await db
            .insertInto('workflow_history')
            .values({
              document_id: id,
              action: 'route',
              from_queue_id: null,
              to_queue_id: queue,
              user_id: approver.id,
              note: null,
              at: fixture.entered,
            })
            .execute();
          for (let n = 0; n < fixture.notes; n++) {
            await db
              .insertInto('notes')
              .values({ document_id: id, author_id: approver.id, kind: 'user', text: `note ${n}`, created_at: fixture.entered })
              .execute();
          }
          // System notes are not counted.
          await db
            .insertInto('notes')
            .values({ document_id: id, author_id: approver.id, kind: 'system', text: 'Routed.', created_at: fixture.entered })
            .execute();
          if (fixture.lockedBy !== null) {
            await db
              .insertInto('document_locks')
              .values({
                document_id: id,
                user_id: holders[fixture.lockedBy],
                queue_id: queue,
                acquired_at: fixture.entered,
                expires_at: FOREVER,
              })
              .execute();
          }
        }
      });

      const allIds = async (query: string): Promise<number[]> => (await list(queue, `take=200&${query}`)).documents.map((doc) => doc.id);

      it('orders by due date with paging stable: every page continues the last, ties by id, blanks last, either direction', async () => {
        for (const desc of [false, true]) {
          const expected = expectedOrder(ids, (i) => FIXTURES[i].due, desc);
          const paged: number[] = [];
          for (let skip = 0; skip < ids.length; skip += 5) {
            const page = await list(queue, `sort=dueDate&desc=${desc}&skip=${skip}&take=5`);
            expect(page.total).toBe(ids.length);
            paged.push(...page.documents.map((doc) => doc.id));
          }
          expect(paged).toEqual(expected);
          expect(new Set(paged).size).toBe(ids.length);
        }
      });

      it('orders by cash-discount date, and by every other decision column, on the server', async () => {
        const lower = (value: string | null): string | null => (value === null ? null : value.toLowerCase());
        const columns: Record<string, (i: number) => Value> = {
          cashDiscountDate: (i) => FIXTURES[i].discount,
          vendor: (i) => lower(FIXTURES[i].vendor),
          invoiceNumber: (i) => lower(FIXTURES[i].invoice),
          amount: (i) => FIXTURES[i].amount,
          invoiceDate: (i) => FIXTURES[i].invoiceDate,
          // More days in the queue = entered earlier.
          daysInQueue: (i) => -Date.parse(FIXTURES[i].entered),
          lockHolder: (i) => FIXTURES[i].lockedBy,
          noteCount: (i) => FIXTURES[i].notes,
        };
        for (const [sort, value] of Object.entries(columns)) {
          for (const desc of [false, true]) {
            expect({ sort, desc, ids: await allIds(`sort=${sort}&desc=${desc}`) }).toEqual({
              sort,
              desc,
              ids: expectedOrder(ids, value, desc),
            });
          }
        }
      });

      it('marks overdue rows and discounts ending today, counts notes and days, and names the lock holder', async () => {
        server.setNow(new Date('2025-05-30T09:00:00.000Z'));
        try {
          const page = await list(queue, 'take=200&sort=dueDate');
          const litware = decisionOf(page, ids[4]);
          expect(litware).toMatchObject({
            overdue: true,
            discountExpiresToday: true,
            noteCount: 3,
            daysInQueue: 10,
            currencyCode: 'EUR',
            amount: 4000,
          });
          expect(decisionOf(page, ids[8])).toMatchObject({ overdue: false, discountExpiresToday: true, noteCount: 5 });
          expect(decisionOf(page, ids[0])).toMatchObject({ overdue: false, discountExpiresToday: false, daysInQueue: 27 });
          expect(decisionOf(page, ids[5])).toMatchObject({
            overdue: false,
            discountExpiresToday: false,
            vendorName: null,
            factsState: 'current',
          });
          expect(page.documents.find((doc) => doc.id === ids[1])?.lock?.holder).toMatch(/^bob/);
        } finally {
          server.setNow(null);
        }
      });

      it('filters by vendor name and invoice number too', async () => {
        expect(await allIds('q=northwind&sort=name')).toEqual([ids[2], ids[8]]);
        expect(await allIds('q=n-3&sort=name')).toEqual([ids[8]]);
      });

      it('filters by the vendor number every row shows, and by the amount as written', async () => {
        const found = async (q: string) => (await allIds(`q=${encodeURIComponent(q)}&sort=name`)).sort((a, b) => a - b);
        expect(await found('V-LITWARE')).toEqual([ids[4], ids[9]]);
        expect(await found('2,500.00')).toEqual([ids[7], ids[10]]);
        expect(await found('120.50')).toEqual([ids[0], ids[3]]);
        expect(await found('V-Nobody')).toEqual([]);
      });

      it('counts per queue on the workflow root the overdue documents apart from those due within 3 days', async () => {
        const counted = async (now: string) => {
          server.setNow(new Date(now));
          try {
            const answer = await server.inject({ url: '/api/workflow-root', headers: server.authHeaders(approver.username) });
            expect(answer.statusCode).toBe(200);
            const listed = answer
              .json<WorkflowRoot>()
              .queueTypes.flatMap((type) => type.queues)
              .find((q) => q.id === queue);
            return { overdue: listed?.overdueCount, dueSoon: listed?.dueSoonCount };
          } finally {
            server.setNow(null);
          }
        };
        const expected = (today: string, soon: string) => ({
          overdue: FIXTURES.filter((f) => f.due !== null && f.due < today).length,
          dueSoon: FIXTURES.filter((f) => f.due !== null && f.due >= today && f.due <= soon).length,
        });
        // 30 May 2025: due 20 and 28 May are overdue; 31 May to 2 June fall due within 3 days.
        expect(await counted('2025-05-30T09:00:00.000Z')).toEqual(expected('2025-05-30', '2025-06-02'));
        expect(await counted('2025-05-30T09:00:00.000Z')).toEqual({ overdue: 4, dueSoon: 4 });
        // 18 months on, every dated invoice is overdue and none is "due within 3 days".
        expect(await counted('2026-11-30T09:00:00.000Z')).toEqual({ overdue: 10, dueSoon: 0 });
        // Before any falls due, neither.
        expect(await counted('2025-04-01T09:00:00.000Z')).toEqual({ overdue: 0, dueSoon: 0 });
      });

      it('refuses a sort key it does not know, in words', async () => {
        const answer = await server.inject({
          url: `/api/queues/${queue}/workflow?sort=dueDates`,
          headers: server.authHeaders(approver.username),
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.body).toContain('sort must be one of');
      });
    });
  });
}
