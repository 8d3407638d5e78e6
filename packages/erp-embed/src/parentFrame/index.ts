/** The iframe's side of the parent-frame protocol and the ERP host built on it. */
export * from './ErpHostAdapter';
export * from './OriginAllowList';
export * from './ParentFrameChannel';
export * from './ParentFrameMessage';
