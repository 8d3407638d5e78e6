/**
 * The Graph REST id of the received message the /demo/outlook simulator shows in read mode (its
 * stand-in item's `itemId`, which `convertToRestId` hands back as it is: no `/` or `+` to swap).
 * The demo Graph mailbox (registerDemoGraphMailRoutes) holds a message under this id for every
 * demo user, so a reply draft to it can be created.
 */
export const DEMO_READ_MESSAGE_ID = 'AAMkADemoRead';

/** The received message the demo mailboxes hold under DEMO_READ_MESSAGE_ID (the simulator's read item, with its default invoice number). */
export const DEMO_READ_MESSAGE = {
  id: DEMO_READ_MESSAGE_ID,
  subject: 'Invoice OUT-1001',
  from: { name: 'Fabrikam Accounts', address: 'ap@fabrikam.example' },
} as const;
