import type { Privilege, PrivilegeName } from '../model';
import type { ApiClient } from './ApiClient';

/** The privileges resource; answers are remembered per instance (spec §6: fetched for those not yet known). */
export interface PrivilegesApi {
  /** Whether the user holds one privilege (GET /can). */
  can(action: PrivilegeName): Promise<boolean>;
  /** Several privileges at once (GET /can/actions); only unknown ones are asked for. */
  canActions(actions: readonly PrivilegeName[]): Promise<Privilege[]>;
  /** The answers known so far, without asking the server. */
  known(): ReadonlyMap<PrivilegeName, boolean>;
  /** Forgets every answer (e.g. after the user changed). */
  reset(): void;
}

/** Creates the privileges resource over an ApiClient. */
export function privilegesApi(client: ApiClient): PrivilegesApi {
  const answers = new Map<PrivilegeName, boolean>();
  return {
    can: async (action) => {
      const cached = answers.get(action);
      if (cached !== undefined) return cached;
      const answer = await client.get<Privilege>('/can', { query: { action } });
      answers.set(action, answer.value === true);
      return answer.value === true;
    },
    canActions: async (actions) => {
      const missing = [...new Set(actions)].filter((action) => !answers.has(action));
      if (missing.length > 0) {
        const fetched = await client.get<Privilege[]>('/can/actions', { query: { 'action[]': missing } });
        for (const privilege of fetched) answers.set(privilege.action, privilege.value === true);
        // An action the server did not answer counts as not held rather than staying unknown forever.
        for (const action of missing) if (!answers.has(action)) answers.set(action, false);
      }
      return actions.map((action) => ({ action, value: answers.get(action) ?? false }));
    },
    known: () => answers,
    reset: () => answers.clear(),
  };
}
