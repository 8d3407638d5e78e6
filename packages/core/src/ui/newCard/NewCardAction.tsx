import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@fluentui/react-components';
import { FormNewRegular } from '@fluentui/react-icons/svg/form-new';
import type { DmsDocument, PrivilegeName } from '../../model';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { NewCardDialog } from './NewCardDialog';

/** The privilege of the action (embedded §6, Dynamics). */
export const NEW_CARD_PRIVILEGE: PrivilegeName = 'Dynamics: New Card From Document';

/** Props of NewCardAction. */
export interface NewCardActionProps {
  /** The selected documents; the action is for exactly one unlinked one. */
  documents: readonly DmsDocument[];
}

/**
 * The "New Card From Document" action beside Link to Existing and Break Link: on for one
 * unlinked document when the user holds the privilege (the server checks the queue and the
 * lock); opens NewCardDialog for that document, which stays open while the selection changes.
 */
export function NewCardAction({ documents }: NewCardActionProps): ReactElement {
  const { api } = useServices();
  const held = useQuery({
    queryKey: queryKeys.privilege(NEW_CARD_PRIVILEGE),
    queryFn: () => api.privileges.can(NEW_CARD_PRIVILEGE),
    meta: { quiet: true },
  });
  const [target, setTarget] = useState<DmsDocument | null>(null);
  const single = documents.length === 1 ? documents[0] : null;
  const may = held.data === true && single !== null && single.link === null;
  return (
    <>
      <Button
        appearance="subtle"
        icon={<FormNewRegular />}
        disabledFocusable={!may}
        title={held.data !== undefined && !may ? UI_TEXT.newCard.notPermitted : undefined}
        onClick={() => (may ? setTarget(single) : undefined)}
      >
        {UI_TEXT.newCard.newCard}
      </Button>
      {target !== null ? <NewCardDialog document={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}
