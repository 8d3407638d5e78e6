import { loadConfig } from './Config';
import { DEMO_ENTRA_CLIENT_ID, DEMO_ENTRA_TENANT_ID, DEMO_TEAMS_APP_ID, settleDemoOrigin } from './loadEntraConfig';

describe('loadConfig: Microsoft Entra ID and the Teams app', () => {
  it('has Entra sign-in off (no tenant, no client) and the public cloud defaults unless configured', () => {
    const { entra, teams } = loadConfig({});
    expect(entra).toEqual({
      clientId: '',
      audiences: [],
      tenantIds: [],
      authority: 'https://login.microsoftonline.com',
      clientSecret: null,
      demoStandIn: false,
    });
    expect(teams).toEqual({ appId: '', graphUrl: 'https://graph.microsoft.com/v1.0', hostOrigins: [], demoGraph: false });
  });

  it('reads a configuration: audiences default to api://<public host>/<client id> and the client id; tenants lower case', () => {
    const { entra, teams } = loadConfig({
      DATAHAVEN_PUBLIC_URL: 'https://dms.contoso.example/',
      DATAHAVEN_ENTRA_CLIENT_ID: 'c1',
      DATAHAVEN_ENTRA_TENANTS: 'AAAAAAAA-0000-4000-8000-000000000001, aaaaaaaa-0000-4000-8000-000000000002',
      DATAHAVEN_ENTRA_CLIENT_SECRET: 's3cret',
      DATAHAVEN_TEAMS_APP_ID: 'app-1',
      DATAHAVEN_TEAMS_HOST_ORIGINS: 'https://*.contoso.example',
      DATAHAVEN_GRAPH_URL: 'https://graph.microsoft.us/v1.0/',
    });
    expect(entra).toEqual({
      clientId: 'c1',
      audiences: ['api://dms.contoso.example/c1', 'c1'],
      tenantIds: ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'],
      authority: 'https://login.microsoftonline.com',
      clientSecret: 's3cret',
      demoStandIn: false,
    });
    expect(teams).toEqual({
      appId: 'app-1',
      graphUrl: 'https://graph.microsoft.us/v1.0',
      hostOrigins: ['https://*.contoso.example'],
      demoGraph: false,
    });
    expect(loadConfig({ DATAHAVEN_ENTRA_CLIENT_ID: 'c1', DATAHAVEN_ENTRA_AUDIENCES: 'api://x/c1' }).entra.audiences).toEqual([
      'api://x/c1',
    ]);
  });

  it('refuses tenants that are not GUIDs, URLs that are not plain and host origins that are not origins', () => {
    expect(() => loadConfig({ DATAHAVEN_ENTRA_TENANTS: 'common' })).toThrow(/DATAHAVEN_ENTRA_TENANTS/);
    expect(() => loadConfig({ DATAHAVEN_ENTRA_TENANTS: '../x' })).toThrow(/DATAHAVEN_ENTRA_TENANTS/);
    expect(() => loadConfig({ DATAHAVEN_ENTRA_AUTHORITY: 'https://login.example/?x=1' })).toThrow(/DATAHAVEN_ENTRA_AUTHORITY/);
    expect(() => loadConfig({ DATAHAVEN_GRAPH_URL: 'ftp://graph' })).toThrow(/DATAHAVEN_GRAPH_URL/);
    expect(() => loadConfig({ DATAHAVEN_TEAMS_HOST_ORIGINS: "https://a.example/'" })).toThrow(/DATAHAVEN_TEAMS_HOST_ORIGINS/);
  });

  it('points the demo at its own stand-ins with the demo tenant, client and app, settled on the listening origin', () => {
    const config = loadConfig({ DATAHAVEN_DEMO: '1', DATAHAVEN_PORT: '3000' });
    expect(config.entra).toMatchObject({
      clientId: DEMO_ENTRA_CLIENT_ID,
      tenantIds: [DEMO_ENTRA_TENANT_ID],
      authority: 'http://localhost:3000/demo/entra',
      demoStandIn: true,
    });
    expect(config.entra.clientSecret).toMatch(/^[\w-]{32}$/);
    expect(config.teams).toEqual({
      appId: DEMO_TEAMS_APP_ID,
      graphUrl: 'http://localhost:3000/demo/graph/v1.0',
      hostOrigins: ['http://localhost:3000'],
      demoGraph: true,
    });
    settleDemoOrigin(config, 'http://127.0.0.1:3000');
    expect(config.entra.authority).toBe('http://127.0.0.1:3000/demo/entra');
    expect(config.teams.graphUrl).toBe('http://127.0.0.1:3000/demo/graph/v1.0');
    expect(config.teams.hostOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    // A configured authority is never rewritten.
    const configured = loadConfig({ DATAHAVEN_DEMO: '1', DATAHAVEN_ENTRA_AUTHORITY: 'https://login.microsoftonline.com' });
    settleDemoOrigin(configured, 'http://127.0.0.1:3000');
    expect(configured.entra.authority).toBe('https://login.microsoftonline.com');
  });
});
