import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReplyDraft } from '../../contract/mailDraftContract';
import { UI_TEXT } from '../../locale/uiText';
import { ReplyWithDocumentsPane } from './ReplyWithDocumentsPane';
import { PRODUCT_TOKEN, fakeMailMessage, renderMailPane } from './test/renderMailPane';

const REPLY_TEXT = UI_TEXT.mail.reply;

/** The header a host without a Graph token sends its Entra token for our API in (the server trades it on-behalf-of). */
const ENTRA_ASSERTION_HEADER = 'X-Entra-Assertion';

/** A search hit as the server lists it (only what the pane reads). */
function hit(id: number, name: string, size: number): Record<string, unknown> {
  return { id, name, description: '', extension: 'pdf', FileSize: size, mediaType: 'application/pdf', totalPages: 1 };
}

const HITS = [hit(41, 'Rechnung März.pdf', 9 * 1024 * 1024), hit(42, 'Lieferschein 4711.pdf', 20_480)];

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface ReplyCall {
  body: Record<string, unknown>;
  headers: Headers;
}

/** A loopback stand-in for the calls the pane makes; records the reply requests and answers them with `answer`. */
function server(answer: () => Response): { fetch: typeof fetch; replies: ReplyCall[] } {
  const replies: ReplyCall[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/export/defaults')) return json(200, { embedAnnotations: true });
    if (url.startsWith('/api/documents/search')) return json(200, { documents: HITS, total: HITS.length, skip: 0, take: 30 });
    if (/^\/api\/documents\/\d+\/access$/.test(url)) return json(200, { exportFileData: true, viewFileData: true });
    if (url === '/api/mail-drafts/reply' && init?.method === 'POST') {
      replies.push({ body: JSON.parse(String(init.body)) as Record<string, unknown>, headers: new Headers(init.headers) });
      return answer();
    }
    return new Response('not found', { status: 404 });
  };
  return { fetch: fetchFn, replies };
}

/**
 * The reply view for a host whose Microsoft sign-in gives no Graph token (Office SSO): its Graph
 * credential is the Entra token for our API; drafts open through the default openMailDraft (the
 * host's openUrl with the link made absolute), which `opened` records.
 */
function renderPane(fetchFn: typeof fetch): { opened: string[] } {
  const { message } = fakeMailMessage({ restId: 'AAMkRest-read' });
  const { opened } = renderMailPane(<ReplyWithDocumentsPane messageId="AAMkRest-read" />, {
    fetch: fetchFn,
    message,
    getGraphCredentialHeaders: () => Promise.resolve({ [ENTRA_ASSERTION_HEADER]: 'entra-for-our-api' }),
  });
  return { opened };
}

const DRAFT: ReplyDraft = {
  draftId: 'draft-1',
  webLink: '/demo/graph/drafts/draft-1',
  attachments: [{ documentId: 41, fileName: 'Rechnung März.pdf', size: 9 * 1024 * 1024, via: 'uploadSession', chunks: 3 }],
};

describe('replying to a read e-mail with stored documents', () => {
  // jsdom has no ResizeObserver, which Fluent's MessageBar asks for: one that observes nothing.
  const resizeObserver = window.ResizeObserver;
  beforeAll(() => {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  });
  afterAll(() => {
    window.ResizeObserver = resizeObserver;
  });

  it('sends the picked document, the annotation choice, the comment and the Entra assertion, opens the draft through the host and says what was attached', async () => {
    const api = server(() => json(201, DRAFT));
    const { opened } = renderPane(api.fetch);
    const pdf = await screen.findByRole('checkbox', { name: 'Rechnung März.pdf' });
    // The server's default: annotations burned in.
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: REPLY_TEXT.withAnnotations }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(pdf);
    fireEvent.change(screen.getByRole('textbox', { name: REPLY_TEXT.comment }), { target: { value: 'Here is the invoice again.' } });
    const reply = screen.getByRole('button', { name: REPLY_TEXT.reply(1) });
    await waitFor(() => expect((reply as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(reply);

    await screen.findByText(REPLY_TEXT.created(1));
    expect(screen.getByText('Rechnung März.pdf (9.0 MB, uploaded in 3 parts)')).toBeTruthy();
    expect(api.replies).toHaveLength(1);
    expect(api.replies[0].body).toEqual({
      messageId: 'AAMkRest-read',
      documentIds: [41],
      embedAnnotations: true,
      comment: 'Here is the invoice again.',
    });
    expect(api.replies[0].headers.get(ENTRA_ASSERTION_HEADER)).toBe('entra-for-our-api');
    expect(api.replies[0].headers.get('X-Graph-Token')).toBeNull();
    expect(api.replies[0].headers.get('Authorization')).toBe(`Bearer ${PRODUCT_TOKEN}`);
    // The host opens the draft, its link made absolute (Outlook's browser window takes absolute URLs only).
    expect(opened).toEqual([new URL('/demo/graph/drafts/draft-1', window.location.href).href]);
    expect(screen.getByRole('link', { name: REPLY_TEXT.openDraft }).getAttribute('href')).toBe('/demo/graph/drafts/draft-1');
  });

  it("says the server's refusal in its words, keeps the picked documents and comment, and sends them again on Retry", async () => {
    const refusal = 'Rechnung März.pdf is larger than a draft takes (150 MB).';
    let refuse = true;
    const api = server(() =>
      refuse ? json(413, { statusCode: 413, exceptionType: 'PayloadTooLarge', message: refusal }) : json(201, DRAFT),
    );
    const { opened } = renderPane(api.fetch);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Rechnung März.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: REPLY_TEXT.withAnnotations }));
    fireEvent.change(screen.getByRole('textbox', { name: REPLY_TEXT.comment }), { target: { value: 'See attached.' } });
    const reply = screen.getByRole('button', { name: REPLY_TEXT.reply(1) });
    await waitFor(() => expect((reply as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(reply);

    await screen.findByText(refusal, { exact: false });
    expect(screen.getByText(REPLY_TEXT.notCreated)).toBeTruthy();
    expect(opened).toEqual([]);
    expect((screen.getByRole('checkbox', { name: 'Rechnung März.pdf' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: REPLY_TEXT.comment }) as HTMLTextAreaElement).value).toBe('See attached.');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: REPLY_TEXT.retry }));
    await screen.findByText(REPLY_TEXT.created(1));
    expect(api.replies.map((call) => call.body)).toEqual([
      { messageId: 'AAMkRest-read', documentIds: [41], embedAnnotations: false, comment: 'See attached.' },
      { messageId: 'AAMkRest-read', documentIds: [41], embedAnnotations: false, comment: 'See attached.' },
    ]);
    expect(opened).toHaveLength(1);
  });

  it('keeps Reply off and says why while no document is picked, and sends nothing', async () => {
    const api = server(() => json(201, DRAFT));
    renderPane(api.fetch);
    await screen.findByRole('checkbox', { name: 'Lieferschein 4711.pdf' });
    expect(screen.getByText(REPLY_TEXT.nothingPicked)).toBeTruthy();
    const reply = screen.getByRole('button', { name: REPLY_TEXT.reply(0) }) as HTMLButtonElement;
    expect(reply.disabled).toBe(true);
    fireEvent.submit(reply.closest('form') as HTMLFormElement);
    // Picking and removing again leaves it off.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lieferschein 4711.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: REPLY_TEXT.remove('Lieferschein 4711.pdf') }));
    await screen.findByText(REPLY_TEXT.nothingPicked);
    expect((screen.getByRole('button', { name: REPLY_TEXT.reply(0) }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.replies).toEqual([]);
  });
});
