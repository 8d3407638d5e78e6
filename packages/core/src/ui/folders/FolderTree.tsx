import { useRef, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import {
  Tree,
  TreeItem,
  TreeItemLayout,
  TreeItemPersonaLayout,
  makeStyles,
  tokens,
  type TreeOpenChangeData,
} from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons/svg/document-pdf';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { FolderRegular } from '@fluentui/react-icons/svg/folder';
import { ImageRegular } from '@fluentui/react-icons/svg/image';
import { TagRegular } from '@fluentui/react-icons/svg/tag';
import type { DmsDocument, DocumentEntry, FolderEntry } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { useLocaleFormats } from '../locale/useLocaleFormats';
import { UI_TEXT } from '../../locale/uiText';

/** Tree value of the pinned 'Tagged Items' folder. */
export const TAGGED_ITEMS_VALUE = 'tagged-items';

/** How a click changes the selection: a plain click replaces it, Ctrl/⌘ toggles the document, Shift selects a range. */
export type DocumentSelectMode = 'replace' | 'toggle' | 'range';

/** The selection mode of a click's modifier keys. */
function selectModeOf(event: MouseEvent | KeyboardEvent): DocumentSelectMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'replace';
}

/** Props of FolderTree. */
export interface FolderTreeProps {
  entries: readonly FolderEntry[];
  /** The documents tagged into 'Tagged Items' that the user may see, in tagging order. */
  taggedEntries?: readonly DocumentEntry[];
  openItems: readonly string[];
  onOpenItemsChange(openItems: string[]): void;
  selectedDocId: number | null;
  /** Every selected document (multi-select); when absent only `selectedDocId` shows as selected. */
  selectedDocIds?: readonly number[];
  selectedFolderId: string | null;
  onSelectDocument(document: DmsDocument, folderId: string, mode?: DocumentSelectMode): void;
  onSelectFolder(folderId: string): void;
  onOpenDocument(document: DmsDocument): void;
}

const useStyles = makeStyles({
  tree: { padding: `${tokens.spacingVerticalXS} 0` },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  empty: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  icon: { fontSize: '24px', display: 'flex', color: tokens.colorNeutralForeground2 },
  documentName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** Tree value of a document item. */
export function documentValue(id: number): string {
  return `document-${id}`;
}

function documentIcon(extension: string): ReactElement {
  if (extension === 'pdf') return <DocumentPdfRegular />;
  if (['jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff', 'gif'].includes(extension)) return <ImageRegular />;
  return <DocumentRegular />;
}

/**
 * The record's folders and documents as a Fluent Tree (standard tree keys: arrows, Home/End,
 * type to find), with the pinned 'Tagged Items' folder on top. A document item's accessible name
 * starts with the document name, then its size and date; Enter or a double-click opens it.
 */
export function FolderTree(props: FolderTreeProps): ReactElement {
  const { formatDate, formatFileSize } = useLocaleFormats();
  const {
    entries,
    taggedEntries = [],
    openItems,
    onOpenItemsChange,
    selectedDocId,
    selectedDocIds,
    selectedFolderId,
    onSelectDocument,
    onSelectFolder,
    onOpenDocument,
  } = props;
  const styles = useStyles();
  // A mouse press focuses the item before its click: the click (with its modifier keys) selects, not the
  // focus. Keys (arrows, Tab back in) make focus select again.
  const pointerDown = useRef(false);

  // `prefix` keeps tree values unique when a tagged document also sits in one of the record's folders.
  const renderEntries = (list: readonly FolderEntry[], parentId: string, prefix = ''): ReactElement[] =>
    list.map((entry) => {
      if (entry.type === 'empty') {
        return (
          <TreeItem key={entry.id} itemType="leaf" value={entry.id} aria-label={entry.name}>
            <TreeItemLayout className={styles.empty}>{entry.name}</TreeItemLayout>
          </TreeItem>
        );
      }
      if (entry.type === 'document') {
        const document = entry.document;
        const size = formatFileSize(document.FileSize);
        const date = formatDate(document.createdAt);
        const selected = selectedDocIds ? selectedDocIds.includes(document.id) : selectedDocId === document.id;
        const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
          if (event.key === 'Enter' && event.target === event.currentTarget) {
            event.preventDefault();
            onOpenDocument(document);
          }
          // Ctrl+Space adds or removes the focused document, Shift+Space selects up to it (multi-select by keyboard).
          if (event.key === ' ' && event.target === event.currentTarget && (event.ctrlKey || event.metaKey || event.shiftKey)) {
            event.preventDefault();
            onSelectDocument(document, parentId, selectModeOf(event));
          }
        };
        return (
          <TreeItem
            key={`${prefix}document-${entry.id}`}
            itemType="leaf"
            value={`${prefix}${documentValue(entry.id)}`}
            aria-label={[entry.name, size, date].filter((part) => part !== '').join(', ')}
            aria-selected={selected}
            data-document-id={entry.id}
            className={selected ? styles.selected : undefined}
            onMouseDown={() => {
              pointerDown.current = true;
            }}
            onClick={(event) => onSelectDocument(document, parentId, selectModeOf(event))}
            onFocus={(event) => {
              if (pointerDown.current) return;
              if (event.target === event.currentTarget && !selected) onSelectDocument(document, parentId);
            }}
            onBlur={(event) => {
              if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest('[role="tree"]'))) pointerDown.current = false;
            }}
            onDoubleClick={() => onOpenDocument(document)}
            onKeyDown={onKeyDown}
          >
            <TreeItemPersonaLayout
              media={<span className={styles.icon}>{documentIcon(document.extension)}</span>}
              description={[size, date].filter((part) => part !== '').join(' · ')}
            >
              <span className={styles.documentName}>{entry.name}</span>
            </TreeItemPersonaLayout>
          </TreeItem>
        );
      }
      const selected = selectedFolderId === entry.id && (selectedDocIds ? selectedDocIds.length === 0 : selectedDocId === null);
      return (
        <TreeItem
          key={entry.id}
          itemType="branch"
          value={entry.id}
          aria-label={entry.name}
          aria-selected={selected}
          data-folder-id={entry.id}
          className={selected ? styles.selected : undefined}
          onClick={(event) => {
            // Clicks on a nested item bubble up here; only a click on this folder's own row selects it.
            if (event.target instanceof Element && event.target.closest('[role="treeitem"]') === event.currentTarget)
              onSelectFolder(entry.id);
          }}
        >
          <TreeItemLayout iconBefore={<FolderRegular />}>{entry.name}</TreeItemLayout>
          <Tree>{renderEntries(entry.children, entry.id)}</Tree>
        </TreeItem>
      );
    });

  const onOpenChange = (_event: unknown, data: TreeOpenChangeData): void => {
    onOpenItemsChange([...data.openItems].map(String));
  };

  return (
    <Tree
      aria-label={UI_TEXT.folders.tree}
      aria-multiselectable={selectedDocIds ? true : undefined}
      onKeyDownCapture={() => {
        pointerDown.current = false;
      }}
      className={styles.tree}
      openItems={openItems}
      onOpenChange={onOpenChange}
    >
      <TreeItem itemType="branch" value={TAGGED_ITEMS_VALUE} aria-label={MESSAGES.taggedItems}>
        <TreeItemLayout iconBefore={<TagRegular />}>{MESSAGES.taggedItems}</TreeItemLayout>
        <Tree>
          {taggedEntries.length > 0 ? (
            renderEntries(taggedEntries, TAGGED_ITEMS_VALUE, 'tagged-')
          ) : (
            <TreeItem itemType="leaf" value="tagged-items-empty" aria-label={MESSAGES.noDocumentsFound}>
              <TreeItemLayout className={styles.empty}>{MESSAGES.noDocumentsFound}</TreeItemLayout>
            </TreeItem>
          )}
        </Tree>
      </TreeItem>
      {renderEntries(entries, '')}
    </Tree>
  );
}
