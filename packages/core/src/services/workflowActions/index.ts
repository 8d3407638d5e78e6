/** The workflow's actions (approve, reject, route, locks, submit) with their invalidations and notices. */
export * from './WorkflowActions';
