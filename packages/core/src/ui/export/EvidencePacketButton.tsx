import { useState, type ReactElement } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { DocumentRibbonRegular } from '@fluentui/react-icons/svg/document-ribbon';
import { useQuery } from '@tanstack/react-query';
import { EVIDENCE_MAX_DOCUMENTS } from '../../model';
import type { DmsDocument, PrivilegeName } from '../../model';
import { queryKeys } from '../../state/queryKeys';
import { useServices } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';

/** What the server asks of the caller for a packet: export, and reading notes (one of the two). */
const EVIDENCE_PRIVILEGES: readonly PrivilegeName[] = ['Cabinet: Export Documents', 'Notes: View Only', 'Notes: View Admin'];

/** Props of EvidencePacketButton. */
export interface EvidencePacketButtonProps {
  /** The document shown, or the selected documents (1–100). */
  documents: readonly Pick<DmsDocument, 'id'>[];
  appearance?: 'subtle' | 'secondary';
}

/**
 * "Evidence packet": saves one PDF of the documents for an auditor (GET /api/documents/{id}/evidence,
 * POST /api/documents/evidence for a selection) through the host's saveFile. A plain button, so it
 * is reached with Tab and pressed with Enter or Space; while the server builds the PDF it says so,
 * shows a spinner and is not pressed again (aria-busy). Off, with the reason as its title, for no
 * document, more than 100, or without 'Cabinet: Export Documents' and a notes privilege; a refusal
 * of the server is shown in the alert area in its words.
 */
export function EvidencePacketButton({ documents, appearance = 'subtle' }: EvidencePacketButtonProps): ReactElement {
  const { api, documentExport, alerts } = useServices();
  const held = useQuery({
    queryKey: queryKeys.privileges(EVIDENCE_PRIVILEGES),
    queryFn: () => api.privileges.canActions(EVIDENCE_PRIVILEGES),
    meta: { quiet: true },
  });
  const [busy, setBusy] = useState(false);
  const holds = (name: PrivilegeName): boolean => held.data?.some((privilege) => privilege.action === name && privilege.value) === true;
  const permitted =
    held.data === undefined ? null : holds('Cabinet: Export Documents') && (holds('Notes: View Only') || holds('Notes: View Admin'));
  const reason =
    documents.length === 0
      ? UI_TEXT.export.evidencePacketNone
      : documents.length > EVIDENCE_MAX_DOCUMENTS
        ? UI_TEXT.export.evidencePacketTooMany(EVIDENCE_MAX_DOCUMENTS)
        : permitted === false
          ? UI_TEXT.export.evidencePacketNotPermitted
          : undefined;
  const allowed = reason === undefined && permitted === true && !busy;
  const build = (): void => {
    if (!allowed) return;
    setBusy(true);
    documentExport
      .evidencePacket(documents.map((document) => document.id))
      .catch((error: unknown) => alerts.report(error))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      appearance={appearance}
      icon={busy ? <Spinner size="extra-tiny" /> : <DocumentRibbonRegular />}
      disabledFocusable={!allowed}
      aria-busy={busy}
      title={reason ?? UI_TEXT.export.evidencePacketTitle(documents.length)}
      onClick={build}
    >
      {busy ? UI_TEXT.export.evidencePacketBuilding : UI_TEXT.export.evidencePacket}
    </Button>
  );
}
