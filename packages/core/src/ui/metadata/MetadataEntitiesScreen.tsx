import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Body1, Field, Input, Spinner, Subtitle2 } from '@fluentui/react-components';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { useHostContext } from '../app/useHostContext';
import { MetadataFailure } from './metadataFailure';
import { useMetadataStyles } from './metadataStyles';

/** Props of MetadataEntitiesScreen. */
export interface MetadataEntitiesScreenProps {
  /** 'source' (/metadata-sources/{prefix}) heads the list with the ERP's name and company. */
  variant?: 'entities' | 'source';
}

/**
 * The entity types of an ERP source (`/metadata/entities`, `/metadata/entities/{prefix}`,
 * `/metadata-sources/{prefix}`, embedded §2): each type with its set, keys and property count,
 * linked to its description; a filter on the name. Without a prefix: the context's first prefix,
 * else 'bc' (the build's ERP flavour).
 */
export function MetadataEntitiesScreen({ variant = 'entities' }: MetadataEntitiesScreenProps): ReactElement {
  const styles = useMetadataStyles();
  const { prefix: routePrefix } = useParams();
  const { context } = useHostContext(0);
  const prefix = routePrefix ?? context?.prefixes?.[0] ?? 'bc';
  const { api, loading } = useServices();
  const [filter, setFilter] = useState('');
  const typesQuery = useQuery({
    queryKey: ['metadata', 'entityTypes', prefix],
    queryFn: ({ signal }) => loading.track(api.metadata.listEntityTypes(prefix, signal)),
    retry: false,
    meta: { quiet: true },
  });
  const sourceQuery = useQuery({
    queryKey: ['metadata', 'source', prefix],
    queryFn: ({ signal }) => loading.track(api.metadata.sourceOf(prefix, signal)),
    enabled: variant === 'source',
    retry: false,
    meta: { quiet: true },
  });
  const text = UI_TEXT.metadata;
  const types = (typesQuery.data ?? []).filter((type) => type.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const source = sourceQuery.data;
  const failure = typesQuery.error ?? sourceQuery.error;

  return (
    <main className={styles.screen}>
      <div className={styles.header}>
        <Subtitle2 as="h1">
          {variant === 'source' && source !== undefined ? text.sourceTitle(source.label, source.prefix) : text.entityTypesTitle(prefix)}
        </Subtitle2>
        {variant === 'source' && source !== undefined && <Body1>{text.defaultCompany(source.defaultDataAreaId)}</Body1>}
      </div>
      <Field label={text.filterTypes}>
        <Input value={filter} onChange={(_event, data) => setFilter(data.value)} />
      </Field>
      {failure !== null && (
        <MetadataFailure
          error={failure}
          onRetry={() => {
            void typesQuery.refetch();
            if (variant === 'source') void sourceQuery.refetch();
          }}
        />
      )}
      {typesQuery.isPending && failure === null && <Spinner size="small" label={text.loadingTypes} />}
      {typesQuery.data !== undefined && (
        <div className={styles.scroll}>
          {types.length === 0 ? (
            <Body1>{text.noEntityTypes}</Body1>
          ) : (
            <table className={styles.table}>
              <caption className={styles.caption}>{text.entityTypes}</caption>
              <thead>
                <tr>
                  <th className={styles.cell} scope="col">
                    {text.columnName}
                  </th>
                  <th className={styles.cell} scope="col">
                    {text.columnEntitySet}
                  </th>
                  <th className={styles.cell} scope="col">
                    {text.columnKeys}
                  </th>
                  <th className={styles.cell} scope="col">
                    {text.columnProperties}
                  </th>
                </tr>
              </thead>
              <tbody>
                {types.map((type) => (
                  <tr key={type.name}>
                    <th className={styles.cell} scope="row">
                      <RouterLink to={`/metadata/entity/${encodeURIComponent(type.name)}`}>{type.name}</RouterLink>
                    </th>
                    <td className={styles.cell}>{type.entitySet ?? ''}</td>
                    <td className={styles.cell}>{type.keys.join(', ')}</td>
                    <td className={styles.cell}>{type.properties.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </main>
  );
}
