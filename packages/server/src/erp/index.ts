/** Entity-source connectors: the ERPs the product reads records from over OData v4. */
export { EntitySources } from './EntitySources';
export {
  EntitySourceConnector,
  retryAfterMs,
  type EntityPage,
  type EntityQuery,
  type EntityRecord,
  type EntitySourceConnectorOptions,
  type SourceCompany,
} from './EntitySourceConnector';
export { defaultSourceLabel, type EntitySourceConfig } from '../config/EntitySourceConfig';
export { buildODataFilter, type EntityCondition, type EntityFilter, type EntityFilterValue } from './buildODataFilter';
export {
  parseCsdl,
  CsdlError,
  type EntityActionMetadata,
  type EntityNavigationMetadata,
  type EntityPropertyMetadata,
  type EntityTypeMetadata,
  type SourceMetadata,
} from './parseCsdl';
