/**
 * @jest-environment node
 */
import type { Annotation } from '../model';
import { ApiClient } from './ApiClient';
import { annotationsApi } from './annotationsApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

const ID = '3f2b8c1e-6a4d-4e8b-9a51-2c7d9e0f1a2b';

function annotation(fields: Partial<Annotation> = {}): Annotation {
  return {
    id: ID,
    docId: 4,
    type: 2,
    page: 1,
    color: 0xed1c24,
    x: 10,
    y: 20,
    width: 300,
    height: 100,
    content: null,
    size: null,
    author: 'clerk',
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    rowVersion: 1,
    canEdit: true,
    ...fields,
  };
}

describe('annotationsApi', () => {
  it('lists a page, reads one, creates, updates and deletes on the spec paths', async () => {
    const stored = annotation();
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [stored]),
      () => jsonResponse(200, stored),
      () => jsonResponse(201, stored),
      () => jsonResponse(200, { ...stored, x: 40, rowVersion: 2 }),
      () => new Response(null, { status: 204 }),
    );
    const api = annotationsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getAnnotations(4, 2)).resolves.toEqual([stored]);
    await expect(api.getAnnotation(ID)).resolves.toEqual(stored);
    await expect(api.createAnnotation(4, { type: 2, page: 1, x: 10, y: 20, width: 300, height: 100, color: 0xed1c24 })).resolves.toEqual(
      stored,
    );
    await expect(api.updateAnnotation(ID, { x: 40, rowVersion: 1 })).resolves.toMatchObject({ x: 40, rowVersion: 2 });
    await expect(api.deleteAnnotation(ID)).resolves.toBeUndefined();
    expect(calls.map((c) => `${c.init.method} ${c.url} ${String(c.init.body ?? '')}`)).toEqual([
      'GET /api/annotations?docId=4&page=2 ',
      `GET /api/annotations/${ID} `,
      'POST /api/documents/4/annotations {"type":2,"page":1,"x":10,"y":20,"width":300,"height":100,"color":15539236}',
      `PUT /api/annotations/${ID} {"x":40,"rowVersion":1}`,
      `DELETE /api/annotations/${ID} `,
    ]);
  });

  it('keeps an odd id inside its own path segment', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(404, { statusCode: 404, exceptionType: 'NotFound', message: 'Not found' }));
    await expect(annotationsApi(new ApiClient({ tokens: new CountingTokens(), fetch })).getAnnotation('../documents/4')).rejects.toThrow();
    expect(calls[0].url).toBe('/api/annotations/..%2Fdocuments%2F4');
  });

  it('surfaces a refusal (403) as an ApiError with the server message', async () => {
    const { fetch } = scriptedFetch(() =>
      jsonResponse(403, { statusCode: 403, exceptionType: 'Forbidden', message: 'You do not have permission to change annotations.' }),
    );
    await expect(annotationsApi(new ApiClient({ tokens: new CountingTokens(), fetch })).deleteAnnotation(ID)).rejects.toMatchObject({
      status: 403,
      message: 'You do not have permission to change annotations.',
    });
  });
});
