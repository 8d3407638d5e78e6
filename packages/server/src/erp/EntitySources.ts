import { notFound } from '../errors/DomainError';
import type { EntitySourceConfig } from '../config/EntitySourceConfig';
import { EntitySourceConnector, type EntitySourceConnectorOptions } from './EntitySourceConnector';
import { erpMessagesFor } from './erpMessagesFor';
import { extensionApiUrlOf } from './extensionApiUrlOf';

/** The configured entity sources by prefix, one connector each (so each keeps its own token and metadata cache). */
export class EntitySources {
  private readonly connectors: Map<string, EntitySourceConnector>;
  private readonly extensionConnectors = new Map<string, EntitySourceConnector | null>();
  private readonly configs: readonly EntitySourceConfig[];
  private readonly options: EntitySourceConnectorOptions;

  constructor(configs: readonly EntitySourceConfig[], options: EntitySourceConnectorOptions = {}) {
    this.configs = configs;
    this.options = options;
    this.connectors = new Map(configs.map((config) => [config.prefix, new EntitySourceConnector(config, options)]));
  }

  /** The prefixes configured, e.g. ['bc']. */
  get prefixes(): string[] {
    return [...this.connectors.keys()];
  }

  /** The connector of a prefix; NotFound in words when none is configured. */
  source(prefix: string): EntitySourceConnector {
    const connector = this.connectors.get(prefix);
    if (connector === undefined) throw notFound((language) => erpMessagesFor(language).erpSourceNotConfigured(prefix));
    return connector;
  }

  /**
   * The connector of the source's Datahaven extension API (the AL extension of manifests/bc:
   * `…/api/datahaven/documents/v1.0` beside BC's `…/api/v2.0`), with the source's credentials and
   * a metadata cache of its own; null when the source's API URL is not a BC-style `…/api/vX.Y`
   * (it has no such extension). NotFound in words when the prefix is not configured.
   */
  extensionApi(prefix: string): EntitySourceConnector | null {
    const known = this.extensionConnectors.get(prefix);
    if (known !== undefined) return known;
    const config = this.configs.find((candidate) => candidate.prefix === prefix);
    if (config === undefined) throw notFound((language) => erpMessagesFor(language).erpSourceNotConfigured(prefix));
    const apiUrl = extensionApiUrlOf(config.apiUrl);
    const connector = apiUrl === null ? null : new EntitySourceConnector({ ...config, apiUrl }, this.options);
    this.extensionConnectors.set(prefix, connector);
    return connector;
  }
}
