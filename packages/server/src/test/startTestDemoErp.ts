import { startDemoErp, type DemoErpOptions, type DemoErpService } from '../demo/demoErp/startDemoErp';

/** Tests authenticate as this client; the demo ERP accepts whatever client it was started with. */
const CLIENT = { clientId: 'datahaven-test', clientSecret: 'datahaven-test-secret' };

/** A demo ERP started for a test, and the settings of a `bc` source that reads it. */
export interface TestDemoErp {
  /** The running demo ERP; `restart` replaces it. */
  readonly erp: DemoErpService;
  /** DATAHAVEN_ERP_* settings that configure the `bc` source against this ERP (company CRONUS). */
  readonly env: Record<string, string>;
  /** Stops the ERP, as when Business Central cannot be reached. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same options, as when it is back. */
  restart(): Promise<void>;
}

/** Starts the demo ERP on a free port for a test (options as startDemoErp's, without port and client). */
export async function startTestDemoErp(options: Omit<DemoErpOptions, 'port' | 'clientId' | 'clientSecret'> = {}): Promise<TestDemoErp> {
  let erp = await startDemoErp({ ...options, port: 0, ...CLIENT });
  // The port is kept so a restarted ERP answers at the URL the product was configured with.
  const port = erp.port;
  const env = {
    DATAHAVEN_ERP_SOURCES: 'bc',
    DATAHAVEN_ERP_BC_API_URL: erp.apiUrl,
    DATAHAVEN_ERP_BC_TOKEN_URL: erp.tokenUrl,
    DATAHAVEN_ERP_BC_TENANT: 'demo',
    DATAHAVEN_ERP_BC_CLIENT_ID: CLIENT.clientId,
    DATAHAVEN_ERP_BC_CLIENT_SECRET: CLIENT.clientSecret,
    DATAHAVEN_ERP_BC_COMPANY: 'CRONUS',
  };
  return {
    get erp() {
      return erp;
    },
    env,
    stop: () => erp.close(),
    restart: async () => {
      erp = await startDemoErp({ ...options, port, ...CLIENT });
    },
  };
}
