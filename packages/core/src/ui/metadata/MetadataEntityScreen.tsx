import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Body1, Spinner, Subtitle2 } from '@fluentui/react-components';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { MetadataFailure } from './metadataFailure';
import { useMetadataStyles } from './metadataStyles';

/**
 * One entity type (`/metadata/entity/{type}`, embedded §2) as its ERP's $metadata describes it:
 * keys and set, its properties (type, nullable, length) and its navigations, each linked to its
 * target type; a link to the type's records.
 */
export function MetadataEntityScreen(): ReactElement {
  const styles = useMetadataStyles();
  const { type = '' } = useParams();
  const prefix = type.includes(':') ? type.slice(0, type.indexOf(':')) : 'bc';
  const { api, loading } = useServices();
  const typeQuery = useQuery({
    queryKey: ['metadata', 'entityType', type],
    queryFn: ({ signal }) => loading.track(api.metadata.describeEntityType(type, signal)),
    retry: false,
    meta: { quiet: true },
  });
  const text = UI_TEXT.metadata;
  const described = typeQuery.data;
  return (
    <main className={styles.screen}>
      <div className={styles.header}>
        <Subtitle2 as="h1">{described?.name ?? type}</Subtitle2>
        {described !== undefined && (
          <RouterLink to={`/entity-types/${encodeURIComponent(described.name)}/entities`}>{text.showRecords}</RouterLink>
        )}
      </div>
      {typeQuery.error !== null && <MetadataFailure error={typeQuery.error} onRetry={() => void typeQuery.refetch()} />}
      {typeQuery.isPending && typeQuery.error === null && <Spinner size="small" label={UI_TEXT.loading} />}
      {described !== undefined && (
        <div className={styles.scroll}>
          <Body1 block>{text.keysOf(described.keys.join(', '))}</Body1>
          {described.entitySet !== null && <Body1 block>{text.entitySetOf(described.entitySet)}</Body1>}
          <table className={styles.table}>
            <caption className={styles.caption}>{text.properties}</caption>
            <thead>
              <tr>
                <th className={styles.cell} scope="col">
                  {text.columnName}
                </th>
                <th className={styles.cell} scope="col">
                  {text.columnType}
                </th>
                <th className={styles.cell} scope="col">
                  {text.columnNullable}
                </th>
                <th className={styles.cell} scope="col">
                  {text.columnMaxLength}
                </th>
              </tr>
            </thead>
            <tbody>
              {described.properties.map((property) => (
                <tr key={property.name}>
                  <th className={styles.cell} scope="row">
                    {property.name}
                  </th>
                  <td className={styles.cell}>{property.type}</td>
                  <td className={styles.cell}>{property.nullable ? text.yes : text.no}</td>
                  <td className={styles.cell}>{property.maxLength ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {described.navigations.length === 0 ? (
            <Body1 block>{text.noNavigations}</Body1>
          ) : (
            <table className={styles.table}>
              <caption className={styles.caption}>{text.navigations}</caption>
              <thead>
                <tr>
                  <th className={styles.cell} scope="col">
                    {text.columnName}
                  </th>
                  <th className={styles.cell} scope="col">
                    {text.columnTarget}
                  </th>
                  <th className={styles.cell} scope="col">
                    {text.columnCollection}
                  </th>
                </tr>
              </thead>
              <tbody>
                {described.navigations.map((navigation) => (
                  <tr key={navigation.name}>
                    <th className={styles.cell} scope="row">
                      {navigation.name}
                    </th>
                    <td className={styles.cell}>
                      <RouterLink to={`/metadata/entity/${encodeURIComponent(`${prefix}:${navigation.targetType}`)}`}>
                        {navigation.targetType}
                      </RouterLink>
                    </td>
                    <td className={styles.cell}>{navigation.collection ? text.yes : text.no}</td>
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
