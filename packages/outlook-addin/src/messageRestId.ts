/** The part of Office's mailbox that turns an item id into Graph's (Mailbox 1.3). */
export interface RestIdConverter {
  convertToRestId?(itemId: string, restVersion: Office.MailboxEnums.RestVersion | string): string;
}

/** REST v2.0, by value: Office.MailboxEnums is an enum of the global, which a stand-in need not carry. */
const REST_V2 = 'v2.0';

/**
 * The Graph REST id of the message being read: Outlook hands out its EWS id, which Graph does not
 * take (`/` and `+` differ); `convertToRestId(itemId, RestVersion.v2_0)` converts it. An Outlook
 * without the converter (none current) gets the id with the same characters replaced.
 */
export function messageRestId(mailbox: RestIdConverter | undefined, itemId: string): string {
  if (typeof mailbox?.convertToRestId === 'function') return mailbox.convertToRestId(itemId, REST_V2);
  return itemId.replace(/\//g, '-').replace(/\+/g, '_');
}
