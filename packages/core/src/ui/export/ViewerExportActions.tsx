import { useCallback, useEffect, useMemo, useRef, type ReactElement } from 'react';
import { Menu, MenuButton, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons/svg/mail';
import { PrintRegular } from '@fluentui/react-icons/svg/print';
import type { DmsDocument } from '../../model';
import { readFeatureFlags } from '../../state/FeatureFlags';
import { useServices } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';
import { emailErrorMessage } from './emailErrorMessage';
import { useAnnotationChoice } from './useAnnotationChoice';
import { useDocumentAccess } from './useDocumentAccess';
import { WithAnnotationsItem } from './WithAnnotationsItem';

/** Types the server serves as a PDF (`asPdf=true`), which the print dialog takes. */
const PRINTABLE_EXTENSIONS: readonly string[] = ['pdf', 'jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff'];
/** Ours (catalogue UI_TEXT): why E-mail is off when the host has no mailbox and the .eml download is switched off. */
export const EMAIL_UNAVAILABLE_TEXT = UI_TEXT.export.emailUnavailable;
/** Ours (catalogue UI_TEXT): the menu item that creates a draft (in the ERP's mail editor, or the user's mailbox through Graph). */
export const CREATE_MAIL_DRAFT_TEXT = UI_TEXT.export.createMailDraft;
/** Ours (catalogue UI_TEXT): why E-mail is off without the email access flag. */
export const EMAIL_NOT_PERMITTED_TEXT = UI_TEXT.export.emailNotPermitted;

/** Props of ViewerExportActions. */
export interface ViewerExportActionsProps {
  /** The document shown (null while it loads or when it failed). */
  document: DmsDocument | null;
  /** Where Ctrl+P listens: the whole window, or only inside this viewer (an inline pane). */
  keyScope: 'window' | 'element';
}

/**
 * The viewer's Print and E-mail menus (spec §2 printer and emailer), each with the "With
 * annotations" checkbox (one choice for both; the server's default until the user picks, and
 * only a picked value is sent). Print loads the PDF into a hidden frame and opens the browser's
 * print dialog; Ctrl+P does the same for the document (with the current choice, so the default
 * unless changed) instead of printing the page. E-mail hands the draft to an ERP parent
 * (`POST /email-draft`, which opens the ERP's mail editor), or creates a draft in the user's
 * mailbox through the host's Graph token and opens it in a new window, or downloads an `.eml`
 * draft when "email draft download" is on; a failed draft shows the message (spec §8) and closes
 * the window. The flows live in the core's DocumentExport service; this is only the menu.
 */
export function ViewerExportActions({ document, keyScope }: ViewerExportActionsProps): ReactElement {
  const { host, loading, alerts, documentExport } = useServices();
  const anchor = useRef<HTMLSpanElement>(null);
  const flags = useMemo(() => readFeatureFlags(host.storage.local), [host]);
  const documents = useMemo(() => (document ? [document] : []), [document]);
  const access = useDocumentAccess(documents);
  const printable = document !== null && PRINTABLE_EXTENSIONS.includes(document.extension.toLowerCase());
  const mayEmail = access !== null && access.length > 0 && access.every((flags_) => flags_.email);
  const annotations = useAnnotationChoice();
  const chosen = annotations.chosen;

  const print = useCallback(
    (embedAnnotations: boolean | undefined) => {
      if (!document || !printable) return;
      loading.track(documentExport.print(document.id, embedAnnotations)).catch((error: unknown) => alerts.report(error));
    },
    [document, printable, documentExport, loading, alerts],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'p') return;
      if (keyScope === 'element') {
        // The toolbar's parent is the viewer: an inline pane prints only when focus is inside it.
        const viewer = anchor.current?.closest('[role="toolbar"]')?.parentElement;
        if (!viewer || !(event.target instanceof Node) || !viewer.contains(event.target)) return;
      }
      if (!printable) return;
      event.preventDefault();
      print(chosen);
    };
    // The window this toolbar is rendered in (the app's own, never a global reached behind the host's back).
    const view = anchor.current?.ownerDocument.defaultView;
    view?.addEventListener('keydown', onKeyDown);
    return () => view?.removeEventListener('keydown', onKeyDown);
  }, [keyScope, print, printable, chosen]);

  const failedDraft = (error: unknown): void => {
    const message = emailErrorMessage(error);
    if (message !== null) alerts.push(message);
  };

  const mailboxDraft = (): void => {
    if (!document) return;
    loading.track(documentExport.mailboxDraft([document.id], chosen)).catch(failedDraft);
  };
  const erpDraft = (): void => {
    if (!document) return;
    loading.track(documentExport.parentDraft([document.id], chosen)).catch(failedDraft);
  };
  const emlDraft = (): void => {
    if (!document) return;
    loading.track(documentExport.downloadEmailDraft([document.id], chosen)).catch((error: unknown) => alerts.report(error));
  };
  const emailReason =
    !documentExport.hasParentDraft && !documentExport.hasMailboxDraft && !flags.emailDraftDownload
      ? EMAIL_UNAVAILABLE_TEXT
      : access !== null && !mayEmail && document
        ? EMAIL_NOT_PERMITTED_TEXT
        : undefined;

  return (
    <span ref={anchor} style={{ display: 'contents' }}>
      <Menu {...annotations.menuProps} onOpenChange={(_event, data) => data.open && annotations.loadDefault()}>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton appearance="subtle" icon={<PrintRegular />} disabledFocusable={!printable} title={UI_TEXT.export.printTitle}>
            {UI_TEXT.export.print}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <WithAnnotationsItem />
            <MenuDivider />
            <MenuItem onClick={() => print(chosen)}>{UI_TEXT.export.print}</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Menu {...annotations.menuProps} onOpenChange={(_event, data) => data.open && annotations.loadDefault()}>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton
            appearance="subtle"
            icon={<MailRegular />}
            disabledFocusable={emailReason !== undefined || !mayEmail}
            title={emailReason}
          >
            {UI_TEXT.export.email}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <WithAnnotationsItem />
            <MenuDivider />
            {/* An ERP parent makes the draft in its own mail editor; it comes before Graph. */}
            {documentExport.hasParentDraft ? (
              <MenuItem onClick={erpDraft}>{CREATE_MAIL_DRAFT_TEXT}</MenuItem>
            ) : documentExport.hasMailboxDraft ? (
              <MenuItem onClick={mailboxDraft}>{CREATE_MAIL_DRAFT_TEXT}</MenuItem>
            ) : null}
            {flags.emailDraftDownload ? <MenuItem onClick={emlDraft}>{UI_TEXT.export.downloadEmailDraft}</MenuItem> : null}
          </MenuList>
        </MenuPopover>
      </Menu>
    </span>
  );
}
