/** The core's public entry: hosts import only this (ARCHITECTURE.md). */
export * from './model';
export * from './rules';
export * from './api';
export * from './host';
export * from './state';
export { DatahavenApp, type DatahavenAppProps } from './ui/DatahavenApp';
// A host that reads an e-mail (its messageBeingRead) starts its router on the read screen.
export { READ_MAIL_PATH } from './ui/mail/readMailPath';
// Hosts that act before the app mounts (the Teams tab opening a deep-linked document selected) make the mount's services themselves.
export { createDatahavenServices, type DatahavenServices, type DatahavenServicesOptions } from './ui/app/DatahavenServices';
// Hosts show their own texts (start-up notices, sign-in, settings pages) in the language the screens show, through the same catalogue views.
export { SHOWN_LANGUAGE } from './locale/shownLanguage';
export { SHOWN_LANGUAGES, shownLanguageOf, type ShownLanguage } from './locale/shownLanguageOf';
export { liveCatalogue } from './locale/liveCatalogue';
