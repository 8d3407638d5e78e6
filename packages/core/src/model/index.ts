/** Entities, codecs, bit sets and constants shared by every client and the server. */
export * from './bitSet';
export * from './constants';
export * from './context';
export * from './document';
export * from './documentId';
export * from './documentLink';
export * from './folder';
export * from './note';
export * from './option';
export * from './privilege';
export * from './token';
