import { render, screen } from '@testing-library/react';
import { DatahavenApp } from '@datahaven/core';
import { OUTLOOK_SIGN_IN_PENDING, createOutlookHostAdapter } from './createOutlookHostAdapter';

describe('the Outlook host', () => {
  it('mounts the core shell with a home screen saying the Outlook features arrive later', async () => {
    window.history.replaceState(null, '', '/outlook/');
    render(<DatahavenApp host={createOutlookHostAdapter(window)} basename="/outlook" />);
    const status = await screen.findByRole('status');
    expect(screen.getByRole('heading', { name: 'Datahaven Documents in Outlook' })).toBeTruthy();
    expect(status.textContent).toContain('arrives in a later release');
  });

  it('hands out no token until Outlook sign-in exists', async () => {
    const host = createOutlookHostAdapter(window);
    expect(host.kind).toBe('outlook');
    await expect(host.getToken({ forceRefresh: false })).rejects.toThrow(OUTLOOK_SIGN_IN_PENDING);
  });
});
