// The request contract of /api, shared by the server (Fastify validation, GET /api/openapi.json)
// and the core's API client (request types). TypeBox schemas are JSON Schema: Fastify's Ajv and
// the OpenAPI document use them as they are.
export * from './adminContract';
export * from './annotationsContract';
export * from './documentsContract';
export * from './pageWorkContract';
export * from './thumbnailWidth';
export * from './workflowContract';
export * from './pathParametersContract';
export * from './queryParametersContract';
export * from './responsesContract';
export * from './nullableAnswer';
export * from './sameType';
export * from './adminAnswersContract';
export * from './documentAnswersContract';
export * from './captureContract';
export * from './workflowAnswersContract';
export * from './erpAnswersContract';
export * from './linkContract';
export * from './recordEventContract';
export * from './integratedTableContract';
export * from './queueIntakeContract';
export * from './newCardContract';
export * from './erpMetaContract';
export * from './base64AnswersContract';
export * from './outlookAttachmentLimit';
export * from './mailImportContract';
export * from './mailDraftContract';
export * from './relatedUnavailableHeader';
export * from './entraIdentityContract';
export * from './erpStatusAnswersContract';
export * from './evidenceContract';
export * from './liveEventsContract';
