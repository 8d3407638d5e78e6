import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button, Tooltip } from '@fluentui/react-components';
import { SplitVerticalRegular } from '@fluentui/react-icons/svg/split-vertical';
import { encodeDocumentId, type DmsDocument, type DocumentAccess } from '../../model';
import { type ActionAvailability } from '../../rules';
import { MESSAGES } from '../../locale/messages';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { SplitDialog, type SplitResult } from './SplitDialog';
import { splitAvailability } from './splitPlan';
import { UI_TEXT } from '../../locale/uiText';
import { shownMessage } from '../../locale/shownMessage';

/** Props of SplitButton. */
export interface SplitButtonProps {
  /** The one selected document; null when none (or several) is selected. */
  docId: number | null;
  /** Called after a successful split, so the caller refreshes (a folder list, the viewer). */
  onSplit?: (result: SplitResult) => void;
}

/**
 * The Split action of a toolbar: reads the document and its access flags (GET /documents/{id},
 * …/access), is offered when core rules allow it (access `split`, no other user's lock, more
 * than one page; the reason shows on the disabled button) and opens the SplitDialog.
 */
export function SplitButton({ docId, onSplit }: SplitButtonProps): ReactElement {
  const { api, alerts, queryClient } = useServices();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const id = docId ?? 0;
  // Shared with the other screens through the query cache; the screen around reports its own failures, so a split that cannot be judged just stays off.
  const document = useQuery({
    queryKey: queryKeys.document(id),
    queryFn: ({ signal }) => api.documents.getDocument(id, signal),
    enabled: docId !== null,
    meta: { quiet: true },
  });
  const access = useQuery({
    queryKey: queryKeys.documentAccess(id),
    queryFn: ({ signal }) => api.documents.getAccess(id, signal),
    enabled: docId !== null,
    meta: { quiet: true },
  });
  const current: { document: DmsDocument; access: DocumentAccess } | null =
    docId !== null && document.data !== undefined && access.data !== undefined ? { document: document.data, access: access.data } : null;
  const availability: ActionAvailability | null =
    docId === null
      ? { allowed: false, reason: 'noSelection', message: MESSAGES.noDocumentsSelected }
      : current
        ? splitAvailability(current.document, current.access)
        : null;
  const allowed = availability?.allowed === true;
  const reason = availability === null ? UI_TEXT.pageWork.checkingSplit : availability.allowed ? null : shownMessage(availability.message);

  const button = (
    <Button appearance="subtle" icon={<SplitVerticalRegular />} disabledFocusable={!allowed} onClick={() => allowed && setOpen(true)}>
      {UI_TEXT.pageWork.split}
    </Button>
  );
  return (
    <>
      {reason ? (
        <Tooltip content={reason} relationship="description" withArrow>
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {current ? (
        <SplitDialog
          document={current.document}
          canDeleteOriginal={current.access.delete}
          canSplitAdvanced={current.access.splitAdvanced ?? current.access.split}
          open={open}
          onClose={() => setOpen(false)}
          onSplit={(result) => {
            // The split document changed (or is gone): what is cached about it is read again.
            void queryClient.invalidateQueries({ queryKey: queryKeys.document(current.document.id) });
            try {
              onSplit?.(result);
            } catch (error) {
              alerts.report(error);
            }
          }}
          onOpenVisualTool={() => {
            setOpen(false);
            navigate(`/thumbnail-split/${encodeDocumentId(current.document.id)}`);
          }}
        />
      ) : null}
    </>
  );
}
