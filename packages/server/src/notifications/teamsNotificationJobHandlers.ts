import type { JobHandler } from '../jobs/JobHandler';
import type { AppDeps } from '../services/AppDeps';
import { queueArrivalsJobHandler } from './queueArrivalsJobHandler';
import { QUEUE_ARRIVALS_JOB } from './recordQueueArrival';
import { TEAMS_NOTIFICATION_JOB, teamsNotificationJobHandler } from './teamsNotificationJobHandler';
import { TeamsNotifier } from './TeamsNotifier';
import type { TeamsNotifierGraphOptions } from './TeamsNotifier';

/**
 * The Teams notification jobs by kind: the per-queue batch (`teams:queue-arrivals`) and the
 * per-recipient send (`teams:send-notification`), sharing one notifier (one Graph client and
 * app-token cache per server).
 */
export function teamsNotificationJobHandlers(
  deps: Pick<AppDeps, 'db' | 'config' | 'databaseNow' | 'now'> & Partial<Pick<AppDeps, 'jobSignal'>>,
  graphOptions: TeamsNotifierGraphOptions = {},
): Record<string, JobHandler> {
  const notifier = new TeamsNotifier(graphOptions);
  return {
    [QUEUE_ARRIVALS_JOB]: queueArrivalsJobHandler(deps),
    [TEAMS_NOTIFICATION_JOB]: teamsNotificationJobHandler(deps, notifier),
  };
}
