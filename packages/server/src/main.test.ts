import { loadConfig } from './config/Config';
import { startupUrls } from './main';

describe('startupUrls', () => {
  it('prints the demo host, its Document Workflow page and the Teams and Outlook simulators in demo mode and the demo ERP OData service, then the app and the web services', () => {
    const config = loadConfig({ DATAHAVEN_PUBLIC_URL: 'http://localhost:3000', DATAHAVEN_DEMO: '1' });
    expect(startupUrls(config)).toEqual([
      'http://localhost:3000/demo/erp',
      'http://localhost:3000/demo/erp?page=workflow',
      'http://localhost:3000/demo/teams',
      'http://localhost:3000/demo/outlook',
      'http://127.0.0.1:3001/api/v2.0/$metadata',
      'http://localhost:3000/',
      'http://localhost:3000/api/version',
    ]);
    expect(startupUrls(loadConfig({ DATAHAVEN_PUBLIC_URL: 'http://localhost:3000' }))).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/api/version',
    ]);
  });
});
