import type { DmsDocument, FolderEntry, FolderNode } from '../../model';
import { findDocument, folderOfDocument, initiallyOpenFolders, uploadTarget } from './folderTreeModel';

const folder = (id: string, allowUpload: boolean, children: FolderEntry[] = [], defaultExpanded = false): FolderNode => ({
  type: 'folder',
  id,
  name: id,
  constraints: {},
  children,
  allowUpload,
  defaultExpanded,
  forceDefaultExpanded: false,
  groups: [],
});
const doc = (id: number): FolderEntry => ({ type: 'document', id, name: `doc${id}.pdf`, document: { id } as DmsDocument });

describe('folder tree model', () => {
  const tree: FolderEntry[] = [folder('readOnly', false, [doc(1)]), folder('invoices', true, [folder('nested', true, [doc(2)])])];

  it('uploads into the chosen folder when it accepts uploads, else the first that does', () => {
    expect(uploadTarget(tree, 'nested')?.id).toBe('nested');
    expect(uploadTarget(tree, 'readOnly')?.id).toBe('invoices');
    expect(uploadTarget(tree, null)?.id).toBe('invoices');
    expect(uploadTarget([folder('x', false)], null)).toBeNull();
  });

  it('finds documents and their folders at any depth', () => {
    expect(findDocument(tree, 2)?.name).toBe('doc2.pdf');
    expect(folderOfDocument(tree, 2)?.id).toBe('nested');
    expect(findDocument(tree, 3)).toBeNull();
  });

  it('opens the folders the server asks for, or all when it asks for none', () => {
    expect(initiallyOpenFolders(tree)).toEqual(['readOnly', 'invoices', 'nested']);
    expect(initiallyOpenFolders([folder('a', true, [], true), folder('b', true)])).toEqual(['a']);
  });
});
