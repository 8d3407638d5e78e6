import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { MergeRegular } from '@fluentui/react-icons/svg/merge';
import { MESSAGES } from '../../locale/messages';
import { useServices, useStore } from '../app/DatahavenServices';
import { mergeDocumentsPath } from './MergeDocumentsScreen';
import { mergeStoreOf } from './mergeStores';
import { UI_TEXT } from '../../locale/uiText';

/** Props of MergeButton. */
export interface MergeButtonProps {
  /** The selected documents in selection order; the screen's own selection when absent. */
  docIds?: readonly number[];
  /** 'toolbar' renders a ToolbarButton (the workflow toolbar), 'subtle' a plain subtle Button. */
  variant?: 'toolbar' | 'subtle';
}

/**
 * The Merge action of a toolbar: offered once more than one document is selected (core
 * mergeAvailability's first condition; the merge screen judges the rest with the documents'
 * access and links) and opens `/merge-documents?docIds=` with the selection in selection order.
 */
export function MergeButton({ docIds, variant = 'subtle' }: MergeButtonProps): ReactElement {
  const services = useServices();
  const navigate = useNavigate();
  const { ids: selected } = useStore(services.selection);
  const ids = docIds ?? selected;
  const allowed = ids.length > 1;
  const open = (): void => {
    if (!allowed) return;
    mergeStoreOf(services).set(ids);
    navigate(mergeDocumentsPath(ids));
  };
  const label = allowed ? UI_TEXT.pageWork.mergeCount(ids.length) : undefined;
  const button =
    variant === 'toolbar' ? (
      <ToolbarButton icon={<MergeRegular />} disabledFocusable={!allowed} title={label} onClick={open}>
        {UI_TEXT.pageWork.merge}
      </ToolbarButton>
    ) : (
      <Button appearance="subtle" icon={<MergeRegular />} disabledFocusable={!allowed} title={label} onClick={open}>
        {UI_TEXT.pageWork.merge}
      </Button>
    );
  return allowed ? (
    button
  ) : (
    <Tooltip content={MESSAGES.mergeNeedsTwoDocuments} relationship="description" withArrow>
      {button}
    </Tooltip>
  );
}
