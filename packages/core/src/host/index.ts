/** The host boundary: what the core needs from whatever embeds it, its plain-browser defaults, and the plain-browser host. */
export * from './HostAdapter';
export * from './HostMailMessage';
export * from './StoragePort';
export * from './browserHost';
export * from './contextFromQuery';
export * from './defaults';
export * from './memoryStorage';
export * from './resolveHostCapabilities';
export * from './webStorage';
export * from './signInPendingHost';
export * from './readContextFields';
