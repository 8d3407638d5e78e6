/** Core services: flows the screens call that join the web services, the state stores and the host's capabilities. */
export * from './DocumentExport';
export * from './DocumentUpload';
export * from './workflowActions';
export * from './liveUpdates';
