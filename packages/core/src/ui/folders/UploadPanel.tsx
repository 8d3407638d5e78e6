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
import { UI_TEXT } from '../../locale/uiText';
import { AutoLinkApprovePrompt } from '../workflow/queueImport/AutoLinkApprovePrompt';

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
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
  title: { flexGrow: 1, minWidth: 0 },
  list: { margin: 0, padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`, listStyleType: 'none', overflowY: 'auto' },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  status: { gridColumn: '1 / span 2' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  bar: { gridColumn: '1 / span 2' },
});

/** What a file's row says about where its upload is. */
function statusText(item: UploadItem, { formatFileSize }: Pick<LocaleFormats, 'formatFileSize'>): string {
  switch (item.state) {
    case 'uploading':
      return UI_TEXT.folders.uploadingPercent(item.size > 0 ? Math.floor((item.loaded / item.size) * 100) : 0, formatFileSize(item.size));
    case 'processing':
      return UI_TEXT.folders.processing;
    case 'done':
      return UI_TEXT.folders.uploadDone;
    case 'failed':
      return item.reason ?? UI_TEXT.folders.uploadFailed;
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
  const summary =
    active > 0 ? UI_TEXT.folders.uploadingSummary(items.length - active, items.length) : UI_TEXT.folders.uploadsSummary(done, failed);
  return (
    <section className={styles.panel} aria-label={UI_TEXT.folders.uploads}>
      <div className={styles.header}>
        <Text weight="semibold" className={styles.title} role="status">
          {summary}
        </Text>
        {active === 0 ? (
          <Button size="small" appearance="subtle" onClick={() => uploads.clearFinished()}>
            {UI_TEXT.folders.clearFinished}
          </Button>
        ) : null}
        <Button
          size="small"
          appearance="subtle"
          icon={collapsed ? <ChevronUpRegular /> : <ChevronDownRegular />}
          aria-label={collapsed ? UI_TEXT.folders.showUploads : UI_TEXT.folders.hideUploads}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        />
      </div>
      <ProgressBar value={fraction} max={1} thickness="medium" aria-label={UI_TEXT.folders.overallProgress} />
      <AutoLinkApprovePrompt items={items} />
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
                    <RouterLink to={`/viewer/${encodeDocumentId(created.id)}`} aria-label={UI_TEXT.folders.viewUploaded(created.name)}>
                      {UI_TEXT.folders.view}
                    </RouterLink>
                  ) : (
                    <span />
                  )
                ) : (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DismissRegular />}
                    aria-label={UI_TEXT.folders.cancelUpload(item.fileName)}
                    onClick={() => uploads.cancel(item.id)}
                  />
                )}
                {finished ? null : (
                  <ProgressBar
                    className={styles.bar}
                    value={item.state === 'processing' ? undefined : item.size > 0 ? item.loaded / item.size : 0}
                    max={1}
                    aria-label={UI_TEXT.folders.progressOf(item.fileName)}
                  />
                )}
                <Caption1 className={mergeClasses(styles.status, item.state === 'failed' && styles.failed)}>
                  {statusText(item, formats)}
                </Caption1>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
