import { OPTION_NAMES } from '@datahaven/core/model';
import { createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';

describeOnEachDatabase('options', (server) => {
  let username: string;
  beforeAll(async () => {
    username = (await createUser(server(), unique('reader'))).username;
  });

  it('GET /api/options answers all 14 options with the BRIEF defaults', async () => {
    const response = await server().inject({ url: '/api/options', headers: server().authHeaders(username) });
    expect(response.statusCode).toBe(200);
    const options = response.json<{ optionName: string; optionData: string }[]>();
    expect(options.map((o) => o.optionName)).toEqual([...OPTION_NAMES]);
    const byName = Object.fromEntries(options.map((o) => [o.optionName, o.optionData]));
    expect(byName).toMatchObject({
      'Document User Date 1 Label': 'User Date 1',
      'Document User String 1 Label': 'User String 1',
      'File Upload Size Limit': '52428800',
      'Maximum JPEG size in bytes': '20971520',
      'Maximum PDF size in bytes': '524288000',
      'Fit to Width by Default': 'true',
      'Default User Date to Today': 'false',
      'Scanning Warning Size Threshold': '10485760',
      'Scanning Error Size Threshold': '52428800',
      'Folder Search Expansion Level': '1',
    });
    const columns = JSON.parse(byName['Workflow Document List Columns']) as { key: string }[];
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'vendor',
      'invoiceNumber',
      'amount',
      'dueDate',
      'invoiceDate',
      'cashDiscountDate',
      'daysInQueue',
      'lockHolder',
      'noteCount',
      'queueName',
      'createdAt',
    ]);
  });

  it('GET /api/options/{name} answers one option, a stored value over the default, 404 for an unknown name', async () => {
    const headers = server().authHeaders(username);
    const one = await server().inject({ url: '/api/options/Fit%20to%20Width%20by%20Default', headers });
    expect(one.json()).toEqual({ optionName: 'Fit to Width by Default', optionData: 'true' });
    await server().deps.db.insertInto('options').values({ name: 'Document User String 1 Label', data: 'PO Number' }).execute();
    const stored = await server().inject({ url: '/api/options/Document%20User%20String%201%20Label', headers });
    expect(stored.json()).toEqual({ optionName: 'Document User String 1 Label', optionData: 'PO Number' });
    const unknown = await server().inject({ url: '/api/options/Nope', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, exceptionType: 'NotFound' });
  });

  it('needs a token', async () => {
    expect((await server().inject({ url: '/api/options' })).statusCode).toBe(401);
  });
});
