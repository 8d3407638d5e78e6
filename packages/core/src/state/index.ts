/** Provider-scoped state stores (no module singletons), shaped for useSyncExternalStore. */
export * from './AlertStore';
export * from './LastRouteStore';
export * from './LiveUpdatesStore';
export * from './LoadingCounter';
export * from './NoticeChannel';
export * from './SelectionStore';
export * from './Store';
export * from './UploadQueue';
