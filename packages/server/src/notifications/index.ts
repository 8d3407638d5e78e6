/**
 * Notifications: telling approvers in Teams that documents arrived in their queues — the arrival
 * record, the per-queue batch and per-recipient send jobs — and senders, in Teams and by e-mail, that a document was rejected, and why.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { recordQueueArrival } from './recordQueueArrival';
export { recordRejectNotices } from './recordRejectNotices';
export { rejectMailJobs } from './rejectMailJobHandler';
export { rejectMailOffReason } from './rejectMailSettingsOf';
export { teamsNotificationJobs } from './teamsNotificationJobs';
