/** The web-services client and one module per resource. */
export * from './ApiClient';
export * from './ApiError';
export * from './TokenManager';
export * from './annotationsApi';
export * from './apiServices';
export * from './documentsApi';
export * from './exportApi';
export * from './idempotencyKey';
export * from './linkApi';
export * from './notesApi';
export * from './optionsApi';
export * from './pageWorkApi';
export * from './privilegesApi';
export * from './propertiesApi';
export * from './versionApi';
export * from './workflowApi';
