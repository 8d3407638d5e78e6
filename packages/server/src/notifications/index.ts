/**
 * Notifications: telling approvers in Teams that documents arrived in their queues — the arrival
 * record, the per-queue batch and per-recipient send jobs.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { recordQueueArrival } from './recordQueueArrival';
export { teamsNotificationJobs } from './teamsNotificationJobs';
