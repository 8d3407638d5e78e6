import path from 'node:path';
import { lintInChildProcess, type LintVerdict } from './lintInChildProcess';

const repoRoot = path.resolve(__dirname, '..', '..');
const RULE = 'datahaven/no-server-state-effects';

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

const UI_FILE = 'packages/core/src/ui/folders/LintProbe.tsx';
const UI_TEST_FILE = 'packages/core/src/ui/folders/LintProbe.test.tsx';
const STATE_FILE = 'packages/core/src/state/LintProbe.ts';
const QUERY_HOOKS_FILE = 'packages/core/src/ui/app/useApiQuery.ts';
const VIEWER_FILE = 'packages/core/src/viewer/lintProbe.ts';

/** The head of a screen that keeps state and reaches the web services as the screens do. */
const SCREEN_HEAD = `import { useEffect, useState } from 'react';
import { useServices } from '../app/DatahavenServices';
`;

beforeAll(async () => {
  const results = await lintInChildProcess(
    repoRoot,
    probes.map(({ file, code }) => ({ filePath: path.join(repoRoot, file), code })),
  );
  verdicts = new Map(probes.map(({ title }, index) => [title, results[index].messages]));
});

describe('server data in core ui/ and state/ goes through the query cache', () => {
  itRefuses(
    'refuses a hand-written loader: an effect that fetches with the ApiClient and aborts on cleanup',
    UI_FILE,
    `${SCREEN_HEAD}
export function Probe({ id }: { id: number }): number {
  const { api } = useServices();
  const [name, setName] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    api.documents.getDocument(id, controller.signal).then((document) => setName(document.name), () => undefined);
    return () => controller.abort();
  }, [api, id]);
  return name.length;
}
`,
    [RULE, RULE],
  );

  itRefuses(
    'refuses a web-service call in an effect through a part of the services bound to a name',
    UI_FILE,
    `${SCREEN_HEAD}
export function Probe(): boolean {
  const services = useServices();
  const { privileges } = services.api;
  const [held, setHeld] = useState(false);
  useEffect(() => {
    void privileges.can('Cabinet: Tagging').then(setHeld);
  }, [privileges]);
  return held;
}
`,
    [RULE],
  );

  itRefuses(
    'refuses an effect that hands the services to a loader of its own (a promise cache)',
    UI_FILE,
    `${SCREEN_HEAD}
const cache = new Map<unknown, Promise<boolean>>();
function load(source: { getDefaults(): Promise<{ embedAnnotations: boolean }> }): Promise<boolean> {
  const pending = cache.get(source) ?? source.getDefaults().then((defaults) => defaults.embedAnnotations);
  cache.set(source, pending);
  return pending;
}
export function Probe(): boolean {
  const { api } = useServices();
  const [embed, setEmbed] = useState(false);
  useEffect(() => {
    void load(api.export).then(setEmbed);
  }, [api]);
  return embed;
}
`,
    [RULE],
  );

  itRefuses(
    'refuses polling the web services from a timer set in a layout effect',
    UI_FILE,
    `import { useLayoutEffect } from 'react';
import { useServices } from '../app/DatahavenServices';
export function Probe({ queueId }: { queueId: number }): null {
  const { api } = useServices();
  useLayoutEffect(() => {
    const timer = setInterval(() => void api.workflow.getQueue(queueId), 60_000);
    return () => clearInterval(timer);
  }, [api, queueId]);
  return null;
}
`,
    [RULE],
  );

  itRefuses(
    'refuses an AbortController kept by a store in state/',
    STATE_FILE,
    `/** A probe store. */
export class ProbeStore {
  private readonly controller = new AbortController();
  /** Stops it. */
  stop(): void {
    this.controller.abort();
  }
}
`,
    [RULE],
  );

  itIsClean(
    'accepts a query whose function calls the services, and an effect that only invalidates the cache',
    UI_FILE,
    `import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
export function Probe({ id, version }: { id: number; version: string }): string {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.documentAccess(id), queryFn: ({ signal }) => api.documents.getAccess(id, signal) });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.document(id) });
  }, [queryClient, id, version]);
  return String(query.data?.createLock);
}
`,
  );

  itIsClean(
    'accepts an AbortController in the query hooks module (ui/app/useApiQuery.ts)',
    QUERY_HOOKS_FILE,
    'export const probe = (): AbortController => new AbortController();\n',
  );
  itIsClean(
    'accepts a test setting up its own abort',
    UI_TEST_FILE,
    'export const probe = (): AbortController => new AbortController();\n',
  );
  itIsClean(
    'accepts the viewer layer aborting its range requests',
    VIEWER_FILE,
    'export const probe = (): AbortController => new AbortController();\n',
  );
});
