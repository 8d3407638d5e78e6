import { useCallback, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Button,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { encodeDocumentId, type DmsDocument, type DocumentAccess } from '../../model';
import { userDateDisplay } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import { useOptionValues } from '../app/useOptionValues';
import type { LocaleFormats } from '../locale/localeFormats';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { ChangeSubtypeDialog } from './ChangeSubtypeDialog';
import { CustomDataForm } from './CustomDataForm';
import { RenameDialog } from './RenameDialog';
import { UserFieldsSection } from './UserFieldsSection';
import { queryKeys } from '../app/queryKeys';
import { useApiQuery } from '../app/useApiQuery';

/** The six sections of the properties panel, all open by default (portal §2). */
export const PROPERTIES_SECTIONS = ['AI classification', 'User-defined info', 'Custom data', 'Notes', 'Basic info', 'Advanced info'] as const;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', minHeight: 0, overflowY: 'auto', padding: tokens.spacingHorizontalS },
  list: { display: 'grid', gridTemplateColumns: 'minmax(6em, max-content) 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

/** A user date as the panel shows it: the date only at 12:00 UTC, blank for 1900 (portal §5). */
function shownUserDate(stored: string | null, { formatDate, formatDateTime }: Pick<LocaleFormats, 'formatDate' | 'formatDateTime'>): string {
  const display = userDateDisplay(stored);
  if (display.kind === 'blank') return '';
  return display.kind === 'date' ? formatDate(display.date + 'T12:00:00.000Z') : formatDateTime(display.instant);
}

function Definitions({ items }: { items: readonly (readonly [string, string])[] }): ReactElement {
  const styles = useStyles();
  return (
    <dl className={styles.list}>
      {items.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Props of PropertiesPanel. */
export interface PropertiesPanelProps {
  document: DmsDocument;
  /** The document after a change here (rename, subtype, user fields), for the screen to show. */
  onDocumentChanged(document: DmsDocument): void;
}

/**
 * The document properties panel (portal §2): AI classification, user-defined info (user string
 * and date under the option labels), custom data, notes, basic info (name with Rename, type,
 * subtype with Change subtype, offered by the access flags reapplyName / changeSubtype) and
 * advanced info — all open by default, each a keyboard-operable accordion header.
 */
export function PropertiesPanel({ document, onDocumentChanged }: PropertiesPanelProps): ReactElement {
  const formats = useLocaleFormats();
  const { formatDateTime, formatFileSize } = formats;
  const styles = useStyles();
  const { api, queryClient } = useServices();
  const options = useOptionValues();
  const access: DocumentAccess | null = useApiQuery(queryKeys.documentAccess(document.id), (signal) => api.documents.getAccess(document.id, signal)).data;
  const [dialog, setDialog] = useState<'none' | 'rename' | 'subtype'>('none');
  // An edit (rename, subtype, user fields) changes the document: everything cached about it is read again, its access flags included.
  const onChanged = useCallback(
    (next: DmsDocument) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.document(next.id) });
      onDocumentChanged(next);
    },
    [queryClient, onDocumentChanged],
  );

  const link = document.link;
  return (
    <aside className={styles.panel} aria-label="Document properties">
      <Accordion multiple collapsible defaultOpenItems={[...PROPERTIES_SECTIONS]}>
        <AccordionItem value="AI classification">
          <AccordionHeader as="h2">AI classification</AccordionHeader>
          <AccordionPanel>
            <Body1>AI classification is not enabled, so there are no suggestions for this document.</Body1>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="User-defined info">
          <AccordionHeader as="h2">User-defined info</AccordionHeader>
          <AccordionPanel>
            {options ? <UserFieldsSection document={document} options={options} onChanged={onChanged} /> : <Spinner size="tiny" />}
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="Custom data">
          <AccordionHeader as="h2">Custom data</AccordionHeader>
          <AccordionPanel>
            <CustomDataForm docId={document.id} />
            <RouterLink to={`/documents/${document.id}/custom`}>Open custom data</RouterLink>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="Notes">
          <AccordionHeader as="h2">Notes</AccordionHeader>
          <AccordionPanel>
            <RouterLink to={`/notes/${encodeDocumentId(document.id)}`}>Open notes</RouterLink>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="Basic info">
          <AccordionHeader as="h2">Basic info</AccordionHeader>
          <AccordionPanel>
            <Definitions
              items={[
                ['Name', document.name],
                ['Description', document.description],
                ['Type', document.type ?? ''],
                ['Subtype', document.subtype?.text ?? ''],
                [options?.userString1Label ?? 'User String 1', document.userString],
                [options?.userDate1Label ?? 'User Date 1', shownUserDate(document.userDate, formats)],
              ]}
            />
            <div className={styles.actions}>
              {access?.reapplyName ? <Button onClick={() => setDialog('rename')}>Rename</Button> : null}
              {access?.changeSubtype ? <Button onClick={() => setDialog('subtype')}>Change subtype</Button> : null}
            </div>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="Advanced info">
          <AccordionHeader as="h2">Advanced info</AccordionHeader>
          <AccordionPanel>
            <Definitions
              items={[
                ['Document id', String(document.id)],
                ['File type', document.extension.toUpperCase()],
                ['Size', formatFileSize(document.FileSize)],
                ['Pages', String(document.totalPages)],
                ['Created', `${formatDateTime(document.createdAt)} by ${document.createdBy}`],
                ['Modified', formatDateTime(document.modifiedAt)],
                ['Linked record', link ? `${link.sourceNumber} (${link.dataAreaId})` : 'Not linked'],
                ['Queue', document.queueName ?? 'Not in workflow'],
              ]}
            />
            {access === null ? <Text size={200}>Checking what you may change…</Text> : null}
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
      {dialog === 'rename' ? <RenameDialog document={document} open onClose={() => setDialog('none')} onRenamed={onChanged} /> : null}
      {dialog === 'subtype' && options ? (
        <ChangeSubtypeDialog document={document} options={options} open onClose={() => setDialog('none')} onChanged={onChanged} />
      ) : null}
    </aside>
  );
}
