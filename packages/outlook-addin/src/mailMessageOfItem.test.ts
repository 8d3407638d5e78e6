import { OfficeMockObject } from 'office-addin-mock';
import type { HostMailAttachment } from '@datahaven/core';
import { isReadMailItem, mailMessageOfItem, type ReadMailItem } from './mailMessageOfItem';

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

type Callback = (result: unknown) => void;

const PDF: HostMailAttachment = {
  id: 'att-1',
  name: 'Rechnung März.pdf',
  contentType: 'application/pdf',
  size: 16,
  attachmentType: 'file',
  isInline: false,
};
const LINK: HostMailAttachment = { ...PDF, id: 'att-2', name: 'Vertrag.docx', attachmentType: 'cloud' };

/** How the mocked Outlook answers each attachment: its content, or its failure's words; and whether it hands out the message (Mailbox 1.14). */
interface ItemSetup {
  answers?: Record<string, { content: string; format: string } | { failure: string }>;
  messageFile?: boolean;
  itemId?: string;
}

/** A message being read, through office-addin-mock. */
function readItem(setup: ItemSetup = {}): ReadMailItem {
  const item: Record<string, unknown> = {
    itemId: setup.itemId,
    subject: 'Rechnung 4711',
    from: { displayName: 'Jane Doe', emailAddress: 'ap@vendor.example' },
    attachments: [PDF, LINK],
    getAttachmentContentAsync: (id: string, callback: Callback) => {
      const answer = setup.answers?.[id] ?? { content: btoa('%PDF'), format: 'base64' };
      if ('failure' in answer) callback({ status: 'failed', error: { name: 'InternalServerError', message: answer.failure, code: 9018 } });
      else callback({ status: 'succeeded', value: answer });
    },
  };
  if (setup.messageFile === true) item.getAsFileAsync = (callback: Callback) => callback({ status: 'succeeded', value: btoa('From: ap') });
  const mock = new OfficeMockObject({ host: 'outlook', context: { mailbox: { item } } });
  const mocked = (mock as unknown as { context: { mailbox: { item: unknown } } }).context.mailbox.item;
  if (!isReadMailItem(mocked)) throw new Error('the mock is no read item');
  return mocked;
}

describe('the message being read, as the Outlook host hands it to the core (office-addin-mock)', () => {
  it("hands out the subject, the sender and every attachment as Outlook lists it, and each attachment's bytes as base64", async () => {
    const message = mailMessageOfItem(readItem(), undefined);
    expect([message.subject, message.from?.displayName, message.from?.emailAddress]).toEqual([
      'Rechnung 4711',
      'Jane Doe',
      'ap@vendor.example',
    ]);
    expect(message.attachments).toEqual([PDF, LINK]);
    await expect(message.readAttachment(PDF)).resolves.toBe(btoa('%PDF'));
  });

  it('says in words why Outlook could not read an attachment, or handed out no file', async () => {
    const message = mailMessageOfItem(
      readItem({
        answers: {
          'att-1': { failure: 'The attachment could not be downloaded.' },
          'att-2': { content: 'https://contoso.sharepoint.com/Vertrag.docx', format: 'url' },
        },
      }),
      undefined,
    );
    await expect(message.readAttachment(PDF)).rejects.toThrow(
      'Outlook could not read Rechnung März.pdf: The attachment could not be downloaded.',
    );
    await expect(message.readAttachment(LINK)).rejects.toThrow('Outlook could not read Vertrag.docx: it handed out no file (url).');
  });

  it('hands out the e-mail itself only where Outlook has getAsFileAsync (Mailbox 1.14)', async () => {
    expect(mailMessageOfItem(readItem(), undefined).readAsEml).toBeUndefined();
    await expect(mailMessageOfItem(readItem({ messageFile: true }), undefined).readAsEml?.()).resolves.toBe(btoa('From: ap'));
  });

  it('names the message by its Graph REST id (convertToRestId, REST v2.0), none without an item id', () => {
    const asked: string[] = [];
    const mailbox = {
      convertToRestId: (itemId: string, version: string) => {
        asked.push(`${itemId} ${version}`);
        return 'AAMkRest-read';
      },
    };
    expect(mailMessageOfItem(readItem({ itemId: 'AAMk/read+1' }), mailbox).restId).toBe('AAMkRest-read');
    expect(asked).toEqual(['AAMk/read+1 v2.0']);
    // Without the converter the characters Graph does not take are replaced.
    expect(mailMessageOfItem(readItem({ itemId: 'AAMk/read+1' }), undefined).restId).toBe('AAMk-read_1');
    expect(mailMessageOfItem(readItem(), mailbox).restId).toBeUndefined();
  });
});
