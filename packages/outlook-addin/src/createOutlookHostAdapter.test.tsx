import { render, screen } from '@testing-library/react';
import { DatahavenApp } from '@datahaven/core';
import { OUTLOOK_SIGN_IN_PENDING, createOutlookHostAdapter } from './createOutlookHostAdapter';

describe('the Outlook host', () => {
  it('mounts the core shell with a home screen saying the Outlook features arrive later, with history.pushState nulled as Office.js does', async () => {
    window.history.replaceState(null, '', '/outlook/');
    const { pushState, replaceState } = window.history;
    // Office.js sets both to null inside Outlook (OfficeDev/office-js #429); a browser router would throw.
    Object.assign(window.history, { pushState: null, replaceState: null });
    try {
      render(<DatahavenApp host={createOutlookHostAdapter(window)} />);
      await screen.findByRole('status');
    } finally {
      Object.assign(window.history, { pushState, replaceState });
    }
    const status = screen.getByRole('status');
    expect(screen.getByRole('heading', { name: 'Datahaven Documents in Outlook' })).toBeTruthy();
    expect(status.textContent).toContain('arrives in a later release');
  });

  it('hands out no token until Outlook sign-in exists', async () => {
    const host = createOutlookHostAdapter(window);
    expect(host.router).toEqual({ kind: 'memory', initialPath: '/' });
    await expect(host.getToken({ forceRefresh: false })).rejects.toThrow(OUTLOOK_SIGN_IN_PENDING);
  });
});
