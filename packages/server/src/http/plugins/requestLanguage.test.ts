import { MESSAGES, MESSAGES_DE, invalidQueueTypeId, queueRefusesImport } from '@datahaven/core/rules';
import { FEATURES1 } from '@datahaven/core/model';
import type { WorkflowRoot } from '@datahaven/core/model';
import { READ_ONLY_QUEUE_FLAGS, encodeQueueAccess, finalQueueRefusal, queueActionRefusal } from '../../access';
import { MAIL_REFUSALS } from '../../mail/mailRefusalsFor';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  grantGroupQueueAccess,
  grantWorkflowPrivileges,
} from '../../test/workflowFactories';
import type { World } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse, TestServer } from '../../test/testServer';
import { acceptedLanguage } from '../acceptedLanguage';

describe('acceptedLanguage', () => {
  it('takes the first supported range by weight, English otherwise', () => {
    expect(acceptedLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(acceptedLanguage('fr-FR, de;q=0.5, en;q=0.4')).toBe('de');
    expect(acceptedLanguage('en;q=0.5, de-AT;q=0.7')).toBe('de');
    expect(acceptedLanguage('en-US,de;q=0.9')).toBe('en');
    expect(acceptedLanguage('de;q=0, en')).toBe('en');
    expect(acceptedLanguage('fr-FR')).toBe('en');
    expect(acceptedLanguage('*')).toBe('en');
    expect(acceptedLanguage('')).toBe('en');
    expect(acceptedLanguage(undefined)).toBe('en');
  });
});

describeOnEachDatabase("Error bodies in the caller's language (Accept-Language)", (server) => {
  let world: World;
  let worker: { id: number; username: string };
  const closed = { id: 0, name: unique('Geschlossen ') };
  const followed = { id: 0, name: unique('Nur lesen ') };
  const final = { id: 0, name: unique('Genehmigt ') };
  const disabled = { id: 0, name: unique('Stillgelegt ') };
  let plain: { id: number; username: string };
  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    await grantWorkflowPrivileges(s, world.clerk.id);
    closed.id = await createQueue(s, await createQueueType(s), { name: closed.name, features1: FEATURES1.NoImporting });
    const workers = await createGroup(s, unique('AP Workers '), ['Cabinet: Import Documents', 'Notes: View Only', ...WORKFLOW_PRIVILEGES]);
    await grantTableAccess(s, workers, world.table.sitId, { canUpload: true });
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    await grantGroupQueueAccess(s, workers, closed.id);
    const type = await createQueueType(s);
    followed.id = await createQueue(s, type, { name: followed.name });
    await grantGroupQueueAccess(s, workers, followed.id, READ_ONLY_QUEUE_FLAGS);
    // A queue that decides nothing and that another's approval lands in is final (access/finalQueues).
    final.id = await createQueue(s, type, { name: final.name });
    await createQueue(s, type, { approveTo: final.id });
    await grantGroupQueueAccess(s, workers, final.id);
    disabled.id = await createQueue(s, type, { name: disabled.name, enabled: false });
    await grantGroupQueueAccess(s, workers, disabled.id);
    plain = await createUser(s, unique('plain'));
  });

  const ask = (s: TestServer, url: string, language: string | null, authenticated = true): Promise<TestResponse> =>
    s.inject({
      url,
      headers: {
        ...(authenticated ? s.authHeaders(world.clerk.username) : {}),
        ...(language === null ? {} : { 'accept-language': language }),
      },
    });
  const missingDocument = '/api/documents/999999999';

  it('answers de-DE in German, saying so in Content-Language', async () => {
    const missing = await ask(server(), missingDocument, 'de-DE,de;q=0.9,en;q=0.8');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-language']).toBe('de');
    expect(missing.json()).toEqual({ statusCode: 404, exceptionType: 'NotFound', message: MESSAGES_DE.documentNotFound });
    expect(MESSAGES_DE.documentNotFound).toBe('Der Beleg wurde nicht gefunden. Er wurde entweder verschoben oder gelöscht.');

    const badType = await ask(server(), '/api/workflow-structure?qid=abc', 'de-DE');
    expect(badType.statusCode).toBe(400);
    expect(badType.headers['content-language']).toBe('de');
    expect(badType.json()).toEqual({
      statusCode: 400,
      exceptionType: 'ValidationError',
      message: "'abc' ist keine gültige Warteschlangentyp-ID. Ihre Warteschlangen werden nicht geladen.",
    });

    const missingType = await ask(server(), '/api/queue-types/999999999/queues', 'de');
    expect(missingType.statusCode).toBe(404);
    expect(missingType.json()).toMatchObject({ message: 'Der Warteschlangentyp wurde nicht gefunden.' });

    const anonymous = await ask(server(), missingDocument, 'de-AT', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-language']).toBe('de');
    expect(anonymous.json()).toMatchObject({ exceptionType: 'Unauthorized', message: 'Eine Anmeldung ist erforderlich.' });
    const forged = await server().inject({
      url: missingDocument,
      headers: { authorization: 'Bearer not.a.token', 'accept-language': 'de-DE' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ message: 'Das Token ist ungültig oder abgelaufen.' });
  });

  const dropOn = async (queueId: number, language: string) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(await makePdf(1, unique('Scan ')))], { type: 'application/pdf' }), 'Scan.pdf');
    return server().inject({
      method: 'POST',
      url: `/api/queues/${queueId}/documents`,
      headers: { ...server().authHeaders(worker.username), 'accept-language': language },
      payload: data,
    });
  };

  it("words a refusal with values that a module throws (a NoImporting queue) in the caller's language", async () => {
    const german = await dropOn(closed.id, 'de-DE');
    expect(german.statusCode).toBe(403);
    expect(german.headers['content-language']).toBe('de');
    expect(german.json()).toMatchObject({
      exceptionType: 'Forbidden',
      message: `Fehler: Import kann nicht abgeschlossen werden! Die Warteschlange ${closed.name} nimmt keine importierten Belege an.`,
    });
    const english = await dropOn(closed.id, 'en-US');
    expect(english.statusCode).toBe(403);
    expect(english.json()).toMatchObject({ message: queueRefusesImport(closed.name) });
  });

  it("words the queue-action and final-queue refusals in the caller's language", async () => {
    const follower = encodeQueueAccess(READ_ONLY_QUEUE_FLAGS);
    const readOnly = await dropOn(followed.id, 'de-DE');
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({
      statusCode: 403,
      exceptionType: 'Forbidden',
      message: `Ihr Zugriff auf die Warteschlange ${followed.name} erlaubt es nicht, Belege in sie zu importieren (erforderlich: Paste). Sie folgen dieser Warteschlange nur lesend.`,
    });
    expect((await dropOn(followed.id, 'en-US')).json()).toMatchObject({ message: queueActionRefusal('import', followed.name, follower) });
    expect(queueActionRefusal('import', followed.name, follower)).toBe(
      `Your access to the queue ${followed.name} does not allow importing documents into it (it needs Paste). You follow this queue read-only.`,
    );

    const toFinal = await dropOn(final.id, 'de-DE');
    expect(toFinal.statusCode).toBe(403);
    expect(toFinal.json()).toMatchObject({
      message: `Fehler: Import kann nicht abgeschlossen werden! Die Warteschlange ${final.name} ist eine Endwarteschlange: Belege gelangen nur über den Workflow (Genehmigen, Ablehnen oder Weiterleiten) hinein, nie durch Import, Upload oder Ablage aus E-Mails.`,
    });
    expect((await dropOn(final.id, 'en-US')).json()).toMatchObject({ message: finalQueueRefusal(final.name) });
  });

  it("words the workflow's privilege and disabled-queue refusals in the caller's language", async () => {
    const rootAs = (language: string) =>
      server().inject({ url: '/api/workflow-root', headers: { ...server().authHeaders(plain.username), 'accept-language': language } });
    const german = await rootAs('de-DE');
    expect(german.statusCode).toBe(403);
    expect(german.json()).toMatchObject({ message: "Der Workflow-Bereich erfordert das Recht 'Workflow Queues: OK'." });
    expect((await rootAs('en-US')).json()).toMatchObject({ message: "The workflow area needs the 'Workflow Queues: OK' privilege." });

    const off = await dropOn(disabled.id, 'de-DE');
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ message: `Die Warteschlange ${disabled.name} ist deaktiviert.` });
    expect((await dropOn(disabled.id, 'en-US')).json()).toMatchObject({ message: `The queue ${disabled.name} is disabled.` });
  });

  it("words the approval list editor's refusals in the caller's language", async () => {
    const docId = await createDocument(server(), { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk });
    const setStep = (language: string) =>
      server().inject({
        method: 'PUT',
        url: `/api/v2/documents/${docId}/approvals/1`,
        headers: { ...server().authHeaders(world.clerk.username), 'accept-language': language },
        payload: { queueId: null },
      });
    const german = await setStep('de-DE');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({
      message: 'Der Beleg befindet sich in keiner Workflow-Warteschlange und hat daher keine Genehmigungsliste.',
    });
    expect((await setStep('en-US')).json()).toMatchObject({
      message: 'The document is in no workflow queue, so it has no approval list.',
    });
  });

  it("lists each queue's importRefusal in the caller's language", async () => {
    const refusalsIn = async (language: string) => {
      const answer = await server().inject({
        url: '/api/workflow-root',
        headers: { ...server().authHeaders(worker.username), 'accept-language': language },
      });
      expect(answer.statusCode).toBe(200);
      const queues = answer.json<WorkflowRoot>().queueTypes.flatMap((type) => type.queues);
      return new Map(queues.map((queue) => [queue.name, queue.importRefusal]));
    };
    const german = await refusalsIn('de-DE');
    expect(german.get(closed.name)).toBe(
      `Fehler: Import kann nicht abgeschlossen werden! Die Warteschlange ${closed.name} nimmt keine importierten Belege an.`,
    );
    expect(german.get(final.name)).toBe(finalQueueRefusal(final.name, 'de'));
    expect(german.get(final.name)).toMatch(/ist eine Endwarteschlange/);
    expect(german.get(followed.name)).toMatch(/^Ihr Zugriff auf die Warteschlange .* erlaubt es nicht, Belege in sie zu importieren/);
    const english = await refusalsIn('en-US');
    expect(english.get(closed.name)).toBe(queueRefusesImport(closed.name));
    expect(english.get(final.name)).toBe(finalQueueRefusal(final.name));
    expect(english.get(followed.name)).toBe(queueActionRefusal('import', followed.name, encodeQueueAccess(READ_ONLY_QUEUE_FLAGS)));
  });

  it("words the request checks' field messages in the caller's language", async () => {
    const badId = await ask(server(), '/api/documents/abc', 'de-DE');
    expect(badId.statusCode).toBe(400);
    expect(badId.headers['content-language']).toBe('de');
    expect(badId.json()).toEqual({ statusCode: 400, exceptionType: 'ValidationError', message: 'Beleg-IDs sind positive ganze Zahlen.' });
    expect((await ask(server(), '/api/documents/abc', 'en-US')).json()).toMatchObject({ message: 'Document ids are positive integers.' });

    const unknownField = (language: string) =>
      server().inject({
        method: 'POST',
        url: '/api/mail-drafts/reply',
        headers: { ...server().authHeaders(world.clerk.username), 'accept-language': language },
        payload: { messageId: 'AAMk', documentIds: [1], embedAnnotations: false, bogus: 1 },
      });
    const german = await unknownField('de-DE');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ exceptionType: 'ValidationError', message: "Unbekanntes Feld 'bogus' im Anforderungstext." });
    expect((await unknownField('en-US')).json()).toMatchObject({ message: "Unknown field 'bogus' in the body." });
  });

  it("words the mail routes' refusals in the caller's language", async () => {
    const replyWithoutToken = (language: string) =>
      server().inject({
        method: 'POST',
        url: '/api/mail-drafts/reply',
        headers: { ...server().authHeaders(world.clerk.username), 'accept-language': language },
        payload: { messageId: 'AAMk', documentIds: [1], embedAnnotations: false },
      });
    const german = await replyWithoutToken('de-DE');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({
      statusCode: 400,
      exceptionType: 'ValidationError',
      message:
        'Ein Antwortentwurf wird über Microsoft Graph in Ihrem Postfach erstellt: Senden Sie das Graph-Token des Hosts (X-Graph-Token) oder Ihr Microsoft Entra ID-Token für diese App (X-Entra-Assertion).',
    });
    expect((await replyWithoutToken('en-US')).json()).toMatchObject({ message: MAIL_REFUSALS.noGraphToken });

    const linkWithoutToken = await server().inject({
      method: 'POST',
      url: '/api/email-link',
      headers: {
        ...server().authHeaders(world.clerk.username),
        'accept-language': 'de-DE',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'docId=1',
    });
    expect(linkWithoutToken.statusCode).toBe(400);
    expect(linkWithoutToken.json()).toMatchObject({
      message: 'POST /email-link erstellt einen Entwurf im Postfach und benötigt dafür das Graph-Token des Hosts (token).',
    });
  });

  it("answers the first language it speaks of the caller's list: fr-FR before de is German", async () => {
    const missing = await ask(server(), missingDocument, 'fr-FR,fr;q=0.9,de;q=0.5');
    expect(missing.headers['content-language']).toBe('de');
    expect(missing.json()).toMatchObject({ message: MESSAGES_DE.documentNotFound });
  });

  it("answers en-US, fr-FR and no Accept-Language in the spec's English words", async () => {
    for (const language of ['en-US', 'fr-FR', null]) {
      const missing = await ask(server(), missingDocument, language);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-language']).toBe('en');
      expect(missing.json()).toEqual({ statusCode: 404, exceptionType: 'NotFound', message: MESSAGES.documentNotFound });
      const badType = await ask(server(), '/api/workflow-structure?qid=abc', language);
      expect(badType.json()).toMatchObject({ message: invalidQueueTypeId('abc') });
      const anonymous = await ask(server(), missingDocument, language, false);
      expect(anonymous.json()).toMatchObject({ message: 'Authentication is required.' });
    }
  });
});
