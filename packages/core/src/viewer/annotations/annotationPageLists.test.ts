/** @jest-environment node */
import { ANNOTATION_TYPES, type Annotation } from '../../model';
import { findAnnotation, shownList, storedWith, type PendingChanges } from './annotationPageLists';

function annotation(id: string, fields: Partial<Annotation> = {}): Annotation {
  return {
    id,
    docId: 7,
    type: ANNOTATION_TYPES.area,
    page: 1,
    color: 0xed1c24,
    x: 0,
    y: 0,
    width: 10,
    height: 10,
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

const ids = (list: readonly Annotation[]): string[] => list.map((item) => `${item.id}@${item.x}`);

describe('annotationPageLists', () => {
  it('lays the saves under way of this page over its stored list, and leaves other pages’ and documents’ alone', () => {
    const stored = [annotation('a'), annotation('b'), annotation('c')];
    const pending: PendingChanges = new Map([
      ['a', { kind: 'update', annotation: annotation('a', { x: 5 }) }],
      ['b', { kind: 'delete', annotation: annotation('b') }],
      ['draft-1', { kind: 'create', annotation: annotation('draft-1') }],
      ['c', { kind: 'delete', annotation: annotation('c', { page: 2 }) }],
      ['draft-2', { kind: 'create', annotation: annotation('draft-2', { docId: 8 }) }],
    ]);
    expect(ids(shownList(stored, 7, 1, pending))).toEqual(['a@5', 'c@0', 'draft-1@0']);
  });

  it('puts a saved annotation in the place of the one it replaces, once, or at the end', () => {
    const list = [annotation('draft-1'), annotation('b')];
    expect(ids(storedWith(list, annotation('new', { x: 3 }), 'draft-1'))).toEqual(['new@3', 'b@0']);
    // A reload already brought the saved one: it is not listed twice.
    expect(ids(storedWith([annotation('draft-1'), annotation('new')], annotation('new', { x: 3 }), 'draft-1'))).toEqual(['new@3']);
    expect(ids(storedWith(list, annotation('b', { x: 4 })))).toEqual(['draft-1@0', 'b@4']);
    expect(ids(storedWith(list, annotation('c')))).toEqual(['draft-1@0', 'b@0', 'c@0']);
  });

  it('finds an annotation on any shown page', () => {
    const pages = { 1: [annotation('a')], 3: [annotation('b', { page: 3 })] };
    expect(findAnnotation(pages, 'b')?.page).toBe(3);
    expect(findAnnotation(pages, 'z')).toBeNull();
  });
});
