import { useEffect, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Tooltip } from '@fluentui/react-components';
import { SplitVerticalRegular } from '@fluentui/react-icons/svg/split-vertical';
import { encodeDocumentId, type DmsDocument, type DocumentAccess } from '../../model';
import { MESSAGES, type ActionAvailability } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import { SplitDialog, type SplitResult } from './SplitDialog';
import { splitAvailability } from './splitPlan';

/** Ours: the reason on Split while the document and its access flags are being read. */
export const CHECKING_SPLIT_TEXT = 'Checking whether this document can be split…';

/** Props of SplitButton. */
export interface SplitButtonProps {
  /** The one selected document; null when none (or several) is selected. */
  docId: number | null;
  /** Called after a successful split, so the caller refreshes (a folder list, the viewer). */
  onSplit?: (result: SplitResult) => void;
}

type Loaded = { docId: number; document: DmsDocument; access: DocumentAccess };

/**
 * The Split action of a toolbar: reads the document and its access flags (GET /documents/{id},
 * …/access), is offered when core rules allow it (access `split`, no other user's lock, more
 * than one page; the reason shows on the disabled button) and opens the SplitDialog.
 */
export function SplitButton({ docId, onSplit }: SplitButtonProps): ReactElement {
  const { api, alerts } = useServices();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [open, setOpen] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (docId === null) {
      setLoaded(null);
      return undefined;
    }
    const controller = new AbortController();
    Promise.all([api.documents.getDocument(docId, controller.signal), api.documents.getAccess(docId, controller.signal)]).then(
      ([document, access]) => {
        if (!controller.signal.aborted) setLoaded({ docId, document, access });
      },
      (error: unknown) => {
        // The screen around reports its own failures; a split that cannot be judged stays off.
        if (!controller.signal.aborted) console.warn('Could not read whether the document can be split.', error);
      },
    );
    return () => controller.abort();
  }, [api, docId, reload]);

  const current = loaded !== null && loaded.docId === docId ? loaded : null;
  const availability: ActionAvailability | null =
    docId === null ? { allowed: false, reason: 'noSelection', message: MESSAGES.noDocumentsSelected } : current ? splitAvailability(current.document, current.access) : null;
  const allowed = availability?.allowed === true;
  const reason = availability === null ? CHECKING_SPLIT_TEXT : availability.allowed ? null : availability.message;

  const button = (
    <Button appearance="subtle" icon={<SplitVerticalRegular />} disabledFocusable={!allowed} onClick={() => allowed && setOpen(true)}>
      Split
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
            setReload((count) => count + 1);
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
