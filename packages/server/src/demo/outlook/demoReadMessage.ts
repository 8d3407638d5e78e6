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

/** A received invoice e-mail of the demo mailboxes. */
export interface DemoReadMessage {
  id: string;
  subject: string;
  from: { name: string; address: string };
}

/** The simulator's read item for one invoice number: `AAMkADemoRead-<invoice number>` (letters, digits, dashes). */
const PER_INVOICE_ID = /^AAMkADemoRead-([A-Za-z0-9-]{1,20})$/;

/**
 * The received message a demo mailbox holds under `id`, or null: DEMO_READ_MESSAGE, or the one the
 * simulator shows for an invoice number (its item id `AAMkADemoRead-<number>`, subject
 * "Invoice <number>"), so a reply answers the very message being read.
 */
export function demoReadMessage(id: string): DemoReadMessage | null {
  if (id === DEMO_READ_MESSAGE_ID) return DEMO_READ_MESSAGE;
  const match = PER_INVOICE_ID.exec(id);
  if (match === null) return null;
  return { id, subject: `Invoice ${match[1]}`, from: DEMO_READ_MESSAGE.from };
}
