import type { JobDefinition } from '../jobs/JobDefinition';
import type { AppDeps } from '../services/AppDeps';
import { queueArrivalsJobHandler } from './queueArrivalsJobHandler';
import { QUEUE_ARRIVALS_JOB } from './recordQueueArrival';
import { TEAMS_NOTIFICATION_JOB, teamsNotificationJobHandler } from './teamsNotificationJobHandler';
import { TeamsNotifier } from './TeamsNotifier';
import type { TeamsNotifierGraphOptions } from './TeamsNotifier';

/**
 * The Teams notification job kinds of the notifications module: the per-queue batch
 * (`teams:queue-arrivals`) and the per-recipient send (`teams:send-notification`), sharing one
 * notifier (one Graph client and app-token cache per server).
 */
export function teamsNotificationJobs(
  graphOptions: TeamsNotifierGraphOptions = {},
): JobDefinition<Pick<AppDeps, 'db' | 'config' | 'databaseNow' | 'now'> & Partial<Pick<AppDeps, 'jobSignal'>>>[] {
  const notifier = new TeamsNotifier(graphOptions);
  return [
    { kind: QUEUE_ARRIVALS_JOB, handler: (deps) => queueArrivalsJobHandler(deps) },
    { kind: TEAMS_NOTIFICATION_JOB, handler: (deps) => teamsNotificationJobHandler(deps, notifier) },
  ];
}
