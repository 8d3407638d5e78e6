import { notFound } from '../errors/DomainError';
import type { EntitySourceConfig } from '../config/EntitySourceConfig';
import { EntitySourceConnector, type EntitySourceConnectorOptions } from './EntitySourceConnector';
import { erpSourceNotConfigured } from './erpMessages';

/** The configured entity sources by prefix, one connector each (so each keeps its own token and metadata cache). */
export class EntitySources {
  private readonly connectors: Map<string, EntitySourceConnector>;

  constructor(configs: readonly EntitySourceConfig[], options: EntitySourceConnectorOptions = {}) {
    this.connectors = new Map(configs.map((config) => [config.prefix, new EntitySourceConnector(config, options)]));
  }

  /** The prefixes configured, e.g. ['bc']. */
  get prefixes(): string[] {
    return [...this.connectors.keys()];
  }

  /** The connector of a prefix; NotFound in words when none is configured. */
  source(prefix: string): EntitySourceConnector {
    const connector = this.connectors.get(prefix);
    if (connector === undefined) throw notFound(erpSourceNotConfigured(prefix));
    return connector;
  }
}
