import path from 'node:path';
import { lintInChildProcess, type LintVerdict } from './lintInChildProcess';

const repoRoot = path.resolve(__dirname, '..', '..');
const RULE = 'datahaven/http-through-api';

/** Every probe, in order; linted together once because ESLint is slow to start. */
const probes: { title: string; file: string; code: string }[] = [];
let verdicts = new Map<string, LintVerdict['messages']>();

/** The rule ids of the errors ESLint reported for the probe with this title. */
function errorsOf(title: string): (string | null)[] {
  const messages = verdicts.get(title);
  if (!messages) throw new Error(`probe "${title}" was not linted`);
  return messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

/** Declares a test: `code`, linted as the file at `relativePath`, fails with exactly these rules. */
function itRefuses(title: string, relativePath: string, code: string, expectedRules: string[]): void {
  probes.push({ title, file: relativePath, code });
  it(title, () => expect(errorsOf(title)).toEqual(expectedRules));
}

/** Declares a test: `code`, linted as the file at `relativePath`, draws no message at all. */
function itIsClean(title: string, relativePath: string, code: string): void {
  probes.push({ title, file: relativePath, code });
  it(title, () => expect(verdicts.get(title)?.map((message) => message.message)).toEqual([]));
}

// Virtual files only: the proof holds whatever the real screens contain.
const UI_FILE = 'packages/core/src/ui/folders/LintProbe.tsx';
const UI_TEST_FILE = 'packages/core/src/ui/folders/LintProbe.test.tsx';
const SERVICES_FILE = 'packages/core/src/services/LintProbe.ts';
const VIEWER_FILE = 'packages/core/src/viewer/lintProbe.ts';
const API_FILE = 'packages/core/src/api/lintProbeApi.ts';
const MOUNT_FILE = 'packages/core/src/ui/app/DatahavenServices.tsx';
const HOST_FILE = 'packages/teams-tab/src/lintProbe.ts';

/** The head of a screen that reaches the web services as the screens do. */
const SCREEN_HEAD = `import { useServices } from '../app/DatahavenServices';
`;

beforeAll(async () => {
  const results = await lintInChildProcess(
    repoRoot,
    probes.map(({ file, code }) => ({ filePath: path.join(repoRoot, file), code })),
  );
  verdicts = new Map(probes.map(({ title }, index) => [title, results[index].messages]));
});

describe('the core makes its HTTP calls through the resources of api/', () => {
  itRefuses(
    'refuses a screen calling the client under the services (api.client.put)',
    UI_FILE,
    `${SCREEN_HEAD}
export function useProbe(): (id: number) => Promise<unknown> {
  const { api } = useServices();
  return (id) => api.client.put(\`/documents/\${id}/push-link\`, {});
}
`,
    [RULE],
  );

  itRefuses(
    'refuses handing the client on (a helper given api.client), written with brackets or optional chaining too',
    UI_FILE,
    `${SCREEN_HEAD}
declare function helper(client: unknown): void;
export function useProbe(): void {
  const { api } = useServices();
  helper(api.client);
  helper(api['client']);
  helper(api?.client);
}
`,
    [RULE, RULE, RULE],
  );

  itRefuses(
    'refuses taking the client apart from the services, in a binding and in a parameter',
    UI_FILE,
    `${SCREEN_HEAD}
export function useProbe(): unknown {
  const { client } = useServices().api;
  return client;
}
export function probeParameter({ client }: { client: unknown }): unknown {
  return client;
}
`,
    [RULE, RULE],
  );

  itRefuses(
    'refuses importing ApiClient into ui/, even as a type for a prop',
    UI_FILE,
    `import type { ApiClient } from '../../api';
/** Props of a probe. */
export interface ProbeProps {
  http: ApiClient;
}
`,
    [RULE],
  );

  itRefuses(
    'refuses the client in services/ as in ui/',
    SERVICES_FILE,
    `import type { ApiServices } from '../api';
export const probe = (api: ApiServices): Promise<unknown> => api.client.get('/version');
`,
    [RULE],
  );

  itRefuses(
    'refuses a viewer building its own client from the api layer',
    VIEWER_FILE,
    `import { ApiClient, type TokenSource } from '../api/ApiClient';
export const probe = (tokens: TokenSource): ApiClient => new ApiClient({ tokens });
`,
    [RULE],
  );

  itRefuses(
    'refuses the client in a test as well (tests fake fetch, not the client)',
    UI_TEST_FILE,
    `${SCREEN_HEAD}
export function useProbe(): Promise<unknown> {
  return useServices().api.client.get('/version');
}
`,
    [RULE],
  );

  itRefuses(
    'lets the mount import the client to build it, but not reach it through the services',
    MOUNT_FILE,
    `import { ApiClient, apiServices, type ApiServices } from '../../api';
import type { TokenSource } from '../../host';
export function probe(tokens: TokenSource): ApiServices {
  const api = apiServices(new ApiClient({ tokens }));
  void api.client.get('/version');
  return api;
}
`,
    [RULE],
  );

  itIsClean(
    'accepts a screen calling a resource, the query client and pointer coordinates',
    UI_FILE,
    `import { useQueryClient } from '@tanstack/react-query';
${SCREEN_HEAD}
export function useProbe(): (id: number, event: MouseEvent) => Promise<number> {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return async (id, event) => {
    await api.link.pushLink(id, { relatedTypeName: 't', relatedDataAreaId: '', relatedRecordId: 'r', rowConflictId: 1, locked: false });
    await queryClient.invalidateQueries({ queryKey: ['documents', id] });
    return event.clientX;
  };
}
`,
  );

  itIsClean(
    'accepts the mount building the client its resources share',
    MOUNT_FILE,
    `import { ApiClient, apiServices, type ApiServices } from '../../api';
import type { TokenSource } from '../../host';
export const probe = (tokens: TokenSource): ApiServices => apiServices(new ApiClient({ tokens }));
`,
  );

  itIsClean(
    'accepts a resource module in api/ calling its client',
    API_FILE,
    `import type { ApiClient } from './ApiClient';
/** A probe resource. */
export interface ProbeApi {
  /** The version. */
  version(): Promise<string>;
}
/** Creates the probe resource. */
export function probeApi(client: ApiClient): ProbeApi {
  const holder = { client };
  return { version: () => holder.client.get<string>('/version') };
}
`,
  );

  itIsClean(
    'leaves hosts to their own rules (they build clients of their own today)',
    HOST_FILE,
    `import { ApiClient, type ApiServices } from '@datahaven/core';
export const probe = (api: ApiServices & { client: ApiClient }): Promise<unknown> => api.client.get('/version');
`,
  );
});
