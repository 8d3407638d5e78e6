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
import { ErpStatusLine } from './ErpStatusLine';
import { RenameDialog } from './RenameDialog';
import { UserFieldsSection } from './UserFieldsSection';
import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from '../app/useApiQuery';
import { UI_TEXT } from '../../locale/uiText';

/** The six sections of the properties panel, all open by default (portal §2); their headings are UI_TEXT.properties.sections. */
export const PROPERTIES_SECTIONS = ['ai', 'userDefined', 'customData', 'notes', 'basic', 'advanced'] as const;

const SECTION = UI_TEXT.properties.sections;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', minHeight: 0, overflowY: 'auto', padding: tokens.spacingHorizontalS },
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(6em, max-content) 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

/** A user date as the panel shows it: the date only at 12:00 UTC, blank for 1900 (portal §5). */
function shownUserDate(
  stored: string | null,
  { formatDate, formatDateTime }: Pick<LocaleFormats, 'formatDate' | 'formatDateTime'>,
): string {
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
  const access: DocumentAccess | null = useApiQuery(queryKeys.documentAccess(document.id), (signal) =>
    api.documents.getAccess(document.id, signal),
  ).data;
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
    <aside className={styles.panel} aria-label={UI_TEXT.properties.documentProperties}>
      <Accordion multiple collapsible defaultOpenItems={[...PROPERTIES_SECTIONS]}>
        <AccordionItem value="ai">
          <AccordionHeader as="h2">{SECTION.ai}</AccordionHeader>
          <AccordionPanel>
            <Body1>{UI_TEXT.properties.aiNotEnabled}</Body1>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="userDefined">
          <AccordionHeader as="h2">{SECTION.userDefined}</AccordionHeader>
          <AccordionPanel>
            {options ? <UserFieldsSection document={document} options={options} onChanged={onChanged} /> : <Spinner size="tiny" />}
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="customData">
          <AccordionHeader as="h2">{SECTION.customData}</AccordionHeader>
          <AccordionPanel>
            <CustomDataForm docId={document.id} />
            <RouterLink to={`/documents/${document.id}/custom`}>{UI_TEXT.properties.openCustomData}</RouterLink>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="notes">
          <AccordionHeader as="h2">{SECTION.notes}</AccordionHeader>
          <AccordionPanel>
            <RouterLink to={`/notes/${encodeDocumentId(document.id)}`}>{UI_TEXT.properties.openNotes}</RouterLink>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="basic">
          <AccordionHeader as="h2">{SECTION.basic}</AccordionHeader>
          <AccordionPanel>
            <Definitions
              items={[
                [UI_TEXT.properties.name, document.name],
                [UI_TEXT.properties.description, document.description],
                [UI_TEXT.properties.type, document.type ?? ''],
                [UI_TEXT.properties.subtype, document.subtype?.text ?? ''],
                [options?.userString1Label ?? UI_TEXT.properties.userString1, document.userString],
                [options?.userDate1Label ?? UI_TEXT.properties.userDate1, shownUserDate(document.userDate, formats)],
              ]}
            />
            <div className={styles.actions}>
              {access?.reapplyName ? <Button onClick={() => setDialog('rename')}>{UI_TEXT.properties.rename}</Button> : null}
              {access?.changeSubtype ? <Button onClick={() => setDialog('subtype')}>{UI_TEXT.properties.changeSubtype}</Button> : null}
            </div>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="advanced">
          <AccordionHeader as="h2">{SECTION.advanced}</AccordionHeader>
          <AccordionPanel>
            <Definitions
              items={[
                [UI_TEXT.properties.documentId, String(document.id)],
                [UI_TEXT.properties.fileType, document.extension.toUpperCase()],
                [UI_TEXT.properties.size, formatFileSize(document.FileSize)],
                [UI_TEXT.properties.pages, String(document.totalPages)],
                [UI_TEXT.properties.created, UI_TEXT.properties.createdBy(formatDateTime(document.createdAt), document.createdBy)],
                [UI_TEXT.properties.modified, formatDateTime(document.modifiedAt)],
                [UI_TEXT.properties.linkedRecord, link ? `${link.sourceNumber} (${link.dataAreaId})` : UI_TEXT.properties.notLinked],
                [UI_TEXT.properties.queue, document.queueName ?? UI_TEXT.properties.notInWorkflow],
              ]}
            />
            {link ? <ErpStatusLine docId={document.id} /> : null}
            {access === null ? <Text size={200}>{UI_TEXT.properties.checkingChanges}</Text> : null}
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
