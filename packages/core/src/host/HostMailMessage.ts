/** One attachment of the e-mail being read, as the host lists it (Outlook: Office.AttachmentDetails, Mailbox 1.1). */
export interface HostMailAttachment {
  /** The host's id of the attachment, handed back to `readAttachment`. */
  id: string;
  name: string;
  /** The media type the host reports (Outlook often says application/octet-stream). */
  contentType: string;
  /** The size in bytes the host reports; 0 when it says none. */
  size: number;
  /** 'file' for a file; anything else (an attached message, a cloud link) cannot be filed. */
  attachmentType: string;
  isInline: boolean;
}

/**
 * The e-mail the user is reading in the host (Outlook read mode): its subject, sender and
 * attachments, and the host's ways to hand out their bytes. The core files its invoice and
 * replies to it with stored documents; only the host can read the mailbox item itself.
 */
export interface HostMailMessage {
  subject?: string;
  from?: { displayName?: string; emailAddress?: string };
  attachments: readonly HostMailAttachment[];
  /** The message's Microsoft Graph REST id (Outlook: convertToRestId); undefined when the host gave no id, and no reply can be drafted. */
  restId?: string;
  /** Reads one attachment's bytes as base64; rejects with the host's reason in words. */
  readAttachment(attachment: HostMailAttachment): Promise<string>;
  /**
   * Reads the whole message as a base64 `.eml` file; rejects with the host's reason in words.
   * Absent where the host cannot hand the message out (Outlook before Mailbox 1.14): only its attachments can be filed then.
   */
  readAsEml?(): Promise<string>;
}
