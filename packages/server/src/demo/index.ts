/** The demo: first-run demo data, the Business Central host simulator page and the demo ERP service. */
export { seedDemoData } from './seedDemoData';
export { registerDemoRoutes, DEMO_API_KEY_LABEL, DEMO_LOCAL_ONLY_MESSAGE } from './registerDemoRoutes';
export { registerDemoEntraRoutes } from './registerDemoEntraRoutes';
export { listDemoRecords, type DemoRecord, type DemoRecordContext } from './demoRecords';
export * from './demoWorld';
export { startDemoErp, type DemoErpOptions, type DemoErpService } from './demoErp/startDemoErp';
