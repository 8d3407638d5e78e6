/** The core's public entry: hosts import only this (ARCHITECTURE.md). */
export * from './model';
export * from './rules';
export * from './api';
export * from './host';
export * from './state';
// The answers hosts read themselves (the Outlook panes), as types only: the schemas stay the server's.
export type { ReplyDraft } from './contract/mailDraftContract';
export type { MailImport } from './contract/mailImportContract';
export { DatahavenApp, type DatahavenAppProps } from './ui/DatahavenApp';
// Hosts that act before the app mounts (the Teams tab opening a deep-linked document selected) make the mount's services themselves.
export { createDatahavenServices, type DatahavenServices, type DatahavenServicesOptions } from './ui/app/DatahavenServices';
