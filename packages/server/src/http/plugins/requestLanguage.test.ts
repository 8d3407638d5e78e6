import { MESSAGES, MESSAGES_DE, invalidQueueTypeId, queueRefusesImport } from '@datahaven/core/rules';
import { FEATURES1 } from '@datahaven/core/model';
import { createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
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
  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    await grantWorkflowPrivileges(s, world.clerk.id);
    closed.id = await createQueue(s, await createQueueType(s), { name: closed.name, features1: FEATURES1.NoImporting });
    const workers = await createGroup(s, unique('AP Workers '), ['Cabinet: Import Documents', 'Notes: View Only', ...WORKFLOW_PRIVILEGES]);
    await grantTableAccess(s, workers, world.table.sitId, { canUpload: true });
    worker = await createUser(s, unique('worker'), { groups: [workers] });
    await grantGroupQueueAccess(s, workers, closed.id);
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

  it("words a refusal with values that a module throws (a NoImporting queue) in the caller's language", async () => {
    const dropOn = async (language: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(await makePdf(1, unique('Scan ')))], { type: 'application/pdf' }), 'Scan.pdf');
      return server().inject({
        method: 'POST',
        url: `/api/queues/${closed.id}/documents`,
        headers: { ...server().authHeaders(worker.username), 'accept-language': language },
        payload: data,
      });
    };
    const german = await dropOn('de-DE');
    expect(german.statusCode).toBe(403);
    expect(german.headers['content-language']).toBe('de');
    expect(german.json()).toMatchObject({
      exceptionType: 'Forbidden',
      message: `Fehler: Import kann nicht abgeschlossen werden! Die Warteschlange ${closed.name} nimmt keine importierten Belege an.`,
    });
    const english = await dropOn('en-US');
    expect(english.statusCode).toBe(403);
    expect(english.json()).toMatchObject({ message: queueRefusesImport(closed.name) });
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
