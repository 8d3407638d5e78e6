/** The plain-browser defaults of the host capabilities: the only core code that touches window, document and history. */
export * from './browserLocale';
export * from './browserTheme';
export * from './fixedSignal';
export * from './openUrlInWindow';
export * from './printPdfInFrame';
export * from './saveFileAsDownload';
export * from './settableSignal';
export * from './windowUnhandledErrors';
