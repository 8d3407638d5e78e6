import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Body1, Button, Input, Spinner, Subtitle2, Text } from '@fluentui/react-components';
import { ENTITY_PAGE_SIZE } from '../../api';
import type { EntityRecord } from '../../contract';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { useHostContext } from '../app/useHostContext';
import { useDebouncedValue } from '../workflow/useDebouncedValue';
import { MetadataFailure } from './metadataFailure';
import { useMetadataStyles } from './metadataStyles';

/** A record's value as a cell shows it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * An entity type's records (`/entity-types/{entityTypeName}/entities`, embedded §2): the pushLink
 * columns, a filter per column (q_{field}), 30 a page with Previous / Next, in the company in
 * context. Read-only; Link to Existing is where a record is picked for a document.
 */
export function EntityRecordsScreen(): ReactElement {
  const styles = useMetadataStyles();
  const { entityTypeName = '' } = useParams();
  const { api, loading } = useServices();
  const { context, host } = useHostContext();
  const dataAreaId = context?.dataAreaId;
  const [filters, setFilters] = useState<Record<string, string>>({});
  const settled = useDebouncedValue(filters);
  const [page, setPage] = useState(0);
  const propertiesQuery = useQuery({
    queryKey: ['metadata', 'properties', entityTypeName],
    queryFn: ({ signal }) => loading.track(api.link.getEntityTypeProperties(entityTypeName, undefined, signal)),
    retry: false,
    meta: { quiet: true },
  });
  const recordsQuery = useQuery({
    queryKey: ['metadata', 'records', entityTypeName, page, settled, dataAreaId ?? null],
    queryFn: ({ signal }) =>
      loading.track(
        api.link.getEntities(
          entityTypeName,
          { skip: page * ENTITY_PAGE_SIZE, take: ENTITY_PAGE_SIZE, filters: settled, dataAreaId },
          signal,
        ),
      ),
    enabled: host !== null,
    retry: false,
    meta: { quiet: true },
  });
  const text = UI_TEXT.metadata;
  const columns = propertiesQuery.data ?? [];
  const records: EntityRecord[] = recordsQuery.data ?? [];
  const failure = propertiesQuery.error ?? recordsQuery.error;
  const setFilter = (field: string, value: string): void => {
    setFilters((current) => ({ ...current, [field]: value }));
    setPage(0);
  };
  return (
    <main className={styles.screen}>
      <Subtitle2 as="h1">{text.recordsTitle(entityTypeName)}</Subtitle2>
      {failure !== null && (
        <MetadataFailure
          error={failure}
          onRetry={() => {
            void propertiesQuery.refetch();
            void recordsQuery.refetch();
          }}
        />
      )}
      {(propertiesQuery.isPending || recordsQuery.isFetching) && failure === null && <Spinner size="small" label={text.loadingRecords} />}
      {columns.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>{text.records}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.name} className={styles.cell} scope="col">
                    {column.name}
                  </th>
                ))}
              </tr>
              <tr>
                {columns.map((column) => (
                  <td key={column.name} className={styles.cell}>
                    <Input
                      size="small"
                      aria-label={UI_TEXT.link.filterOf(column.name)}
                      value={filters[column.name] ?? ''}
                      onChange={(_event, data) => setFilter(column.name, data.value)}
                    />
                  </td>
                ))}
              </tr>
            </thead>
            <tbody>
              {records.map((record, index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.name} className={styles.cell}>
                      {cellText(record[column.name])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {recordsQuery.isSuccess && records.length === 0 && <Body1>{text.noRecords}</Body1>}
        </div>
      )}
      <div className={styles.footer}>
        <Button disabled={page === 0} onClick={() => setPage((current) => Math.max(0, current - 1))}>
          {UI_TEXT.link.previousPage}
        </Button>
        <Text>{UI_TEXT.link.pageOf(page + 1)}</Text>
        <Button disabled={!recordsQuery.isSuccess || records.length < ENTITY_PAGE_SIZE} onClick={() => setPage((current) => current + 1)}>
          {UI_TEXT.link.nextPage}
        </Button>
      </div>
    </main>
  );
}
