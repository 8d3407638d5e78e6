/** Entities, codecs, bit sets and constants shared by every client and the server. */
export * from './apiError';
export * from './bitSet';
export * from './constants';
export * from './context';
export * from './document';
export * from './documentId';
export * from './documentLink';
export * from './documentListField';
export * from './folder';
export * from './note';
export * from './option';
export * from './privilege';
export * from './token';
export * from './uploadItem';
export * from './version';
