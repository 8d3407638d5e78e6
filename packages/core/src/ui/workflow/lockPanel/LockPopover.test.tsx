import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DOCUMENT_ACCESS_FLAGS, type DocumentAccess } from '../../../model';
import { testDocument } from '../../test/renderApp';
import { renderRoute } from '../routeTo/renderRoute';
import { LockPopover } from './LockPopover';

describe('LockPopover', () => {
  it('opens the lock panel as a dialog from the Document lock button', async () => {
    const flags = { ...Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])), createLock: true } as unknown as DocumentAccess;
    const queue = { id: 12, name: 'Approval L1', queueTypeName: 'AP Invoices', features1: 0, features2: 0 };
    const app = renderRoute('/doc', '/doc', <LockPopover document={testDocument({ id: 7, name: 'a.pdf', queue })} />, {
      'GET /api/documents/7/access': () => flags,
      'GET /api/documents/7/locks': () => [],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing is asked of the server until the panel opens.
    expect(app.requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Document lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document lock' });
    expect(within(dialog).getByText('Not locked')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lock' }).getAttribute('aria-disabled')).not.toBe('true'));
  });
});
