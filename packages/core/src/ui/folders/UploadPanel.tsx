import { useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Caption1, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons/svg/chevron-down';
import { ChevronUpRegular } from '@fluentui/react-icons/svg/chevron-up';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { encodeDocumentId, type UploadItem } from '../../model';
import type { LocaleFormats } from '../locale/localeFormats';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { useServices, useStore } from '../app/DatahavenServices';

const useStyles = makeStyles({
  panel: {
    flexShrink: 0,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    maxHeight: '40%',
    display: 'flex',
    flexDirection: 'column',
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}` },
  title: { flexGrow: 1, minWidth: 0 },
  list: { margin: 0, padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`, listStyleType: 'none', overflowY: 'auto' },
  item: { display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalXS} 0` },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  status: { gridColumn: '1 / span 2' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  bar: { gridColumn: '1 / span 2' },
});

/** What a file's row says about where its upload is. */
function statusText(item: UploadItem, { formatFileSize }: Pick<LocaleFormats, 'formatFileSize'>): string {
  switch (item.state) {
    case 'uploading':
      return `Uploading ${item.size > 0 ? Math.floor((item.loaded / item.size) * 100) : 0}% of ${formatFileSize(item.size)}`;
    case 'processing':
      return 'Processing…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return item.reason ?? 'Failed';
  }
}

/**
 * The non-blocking uploads panel (UX.md): this session's uploads with per-file and overall
 * progress, cancel, and an end state for each — done with a link to the new document, or
 * failed with the reason in the spec's words.
 */
export function UploadPanel(): ReactElement | null {
  const formats = useLocaleFormats();
  const styles = useStyles();
  const { uploads } = useServices();
  const { items, active, fraction } = useStore(uploads);
  const [collapsed, setCollapsed] = useState(false);
  if (items.length === 0) return null;
  const done = items.filter((item) => item.state === 'done').length;
  const failed = items.filter((item) => item.state === 'failed').length;
  const summary = active > 0 ? `Uploading ${items.length - active} of ${items.length} done` : `Uploads: ${done} done${failed > 0 ? `, ${failed} failed` : ''}`;
  return (
    <section className={styles.panel} aria-label="Uploads">
      <div className={styles.header}>
        <Text weight="semibold" className={styles.title} role="status">
          {summary}
        </Text>
        {active === 0 ? (
          <Button size="small" appearance="subtle" onClick={() => uploads.clearFinished()}>
            Clear finished
          </Button>
        ) : null}
        <Button
          size="small"
          appearance="subtle"
          icon={collapsed ? <ChevronUpRegular /> : <ChevronDownRegular />}
          aria-label={collapsed ? 'Show uploads' : 'Hide uploads'}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        />
      </div>
      <ProgressBar value={fraction} max={1} thickness="medium" aria-label="Overall upload progress" />
      {collapsed ? null : (
        <ul className={styles.list}>
          {items.map((item) => {
            const finished = item.state === 'done' || item.state === 'failed';
            const created = item.documents[0];
            return (
              <li key={item.id} className={styles.item} data-upload-state={item.state}>
                <Text className={styles.name} title={item.fileName}>
                  {item.fileName}
                </Text>
                {finished ? (
                  created ? (
                    <RouterLink to={`/viewer/${encodeDocumentId(created.id)}`} aria-label={`View ${created.name}`}>
                      View
                    </RouterLink>
                  ) : (
                    <span />
                  )
                ) : (
                  <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Cancel ${item.fileName}`} onClick={() => uploads.cancel(item.id)} />
                )}
                {finished ? null : (
                  <ProgressBar
                    className={styles.bar}
                    value={item.state === 'processing' ? undefined : item.size > 0 ? item.loaded / item.size : 0}
                    max={1}
                    aria-label={`Progress of ${item.fileName}`}
                  />
                )}
                <Caption1 className={mergeClasses(styles.status, item.state === 'failed' && styles.failed)}>{statusText(item, formats)}</Caption1>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
