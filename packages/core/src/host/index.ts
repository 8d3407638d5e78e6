/** The host boundary: what the core needs from whatever embeds it, and the plain-browser host. */
export * from './HostAdapter';
export * from './StoragePort';
export * from './browserHost';
export * from './contextFromQuery';
export * from './memoryStorage';
export * from './webStorage';
export * from './signInPendingHost';
export * from './readContextFields';
