import type { FolderEntry } from '../../model';
import { testDocument, testFolder } from '../test/renderApp';
import { documentIdsInOrder, rangeSelection } from './selectionRange';

function doc(id: number): FolderEntry {
  return { type: 'document', id, name: `d${id}.pdf`, document: testDocument({ id, name: `d${id}.pdf` }) };
}

describe('range selection in the folder tree', () => {
  const entries: FolderEntry[] = [
    testFolder('a', 'A', [doc(3), testFolder('b', 'B', [doc(5)]), doc(4)]),
    testFolder('c', 'C', [doc(9), doc(3)]),
  ];

  it('lists documents depth first in display order, each once', () => {
    expect(documentIdsInOrder(entries)).toEqual([3, 5, 4, 9]);
  });

  it('selects from the anchor to the clicked document in either direction, anchor first', () => {
    const order = documentIdsInOrder(entries);
    expect(rangeSelection(order, 5, 9)).toEqual([5, 4, 9]);
    expect(rangeSelection(order, 9, 5)).toEqual([9, 4, 5]);
    expect(rangeSelection(order, null, 4)).toEqual([4]);
    expect(rangeSelection(order, 77, 4)).toEqual([4]);
  });
});
