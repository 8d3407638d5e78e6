import type { ReactElement } from 'react';
import { Menu, MenuButton, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import type { DmsDocument } from '../../model';
import { downloadMenuAvailability } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import { useAnnotationChoice } from './useAnnotationChoice';
import { useDocumentAccess } from './useDocumentAccess';
import { WithAnnotationsItem } from './WithAnnotationsItem';
import { UI_TEXT } from '../../locale/uiText';
import { shownMessage } from '../../locale/shownMessage';

/** Props of DownloadMenu. */
export interface DownloadMenuProps {
  /** The selected documents: one downloads as it is, several (at most 10) as one zip. */
  documents: readonly DmsDocument[];
  /** Toolbar look (subtle) or a plain button. */
  appearance?: 'subtle' | 'secondary';
}

/**
 * The Download menu (spec §5 "Download menu": at most 10 documents, all with the export flag —
 * core `downloadMenuAvailability`): a "With annotations" checkbox (the server's default until the
 * user chooses) and "Download". One document comes as its file, several as Documents.zip.
 */
export function DownloadMenu({ documents, appearance = 'subtle' }: DownloadMenuProps): ReactElement {
  const { documentExport, loading, alerts } = useServices();
  const access = useDocumentAccess(documents);
  const annotations = useAnnotationChoice();
  const availability = access === null ? null : downloadMenuAvailability(access.map((flags) => ({ access: flags })));
  const allowed = availability !== null && availability.allowed;
  const reason =
    availability === null
      ? documents.length > 0
        ? UI_TEXT.export.checkingDownload
        : undefined
      : availability.allowed
        ? undefined
        : shownMessage(availability.message);
  const download = (embedAnnotations: boolean | undefined): void => {
    const ids = documents.map((document) => document.id);
    loading.track(documentExport.download(ids, embedAnnotations)).catch((error: unknown) => alerts.report(error));
  };
  return (
    <Menu {...annotations.menuProps} onOpenChange={(_event, data) => data.open && annotations.loadDefault()}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance={appearance} icon={<ArrowDownloadRegular />} disabledFocusable={!allowed} title={reason}>
          {UI_TEXT.export.download}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <WithAnnotationsItem />
          <MenuDivider />
          <MenuItem onClick={() => download(annotations.chosen)}>
            {documents.length > 1 ? UI_TEXT.export.downloadZip(documents.length) : UI_TEXT.export.download}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
