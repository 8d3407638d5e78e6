/** Pure rules shared by every client and the server: messages, validation, viewability, token lifecycle. */
export * from './contextValidity';
export * from './fileSize';
export * from './messages';
export * from './noteValidation';
export * from './options';
export * from './pageRanges';
export * from './tokenLifecycle';
export * from './uploadValidation';
export * from './viewability';
