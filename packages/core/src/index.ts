/** The core's public entry: hosts import only this (ARCHITECTURE.md). */
export * from './model';
export * from './rules';
export * from './api';
export * from './host';
export * from './state';
export { DatahavenApp, type DatahavenAppProps } from './ui/DatahavenApp';
