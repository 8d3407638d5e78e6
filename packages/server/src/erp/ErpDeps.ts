import type { AppDeps } from '../services/AppDeps';
import type { EntitySources } from './EntitySources';

/** The infrastructure plus the ERP's entity sources: what code that reads ERP records over HTTP needs. */
export interface ErpDeps extends AppDeps {
  /** The ERP entity sources by prefix, reached over HTTP; configured from config.erpSources. */
  entitySources: EntitySources;
}
