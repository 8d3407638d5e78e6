import { render, screen } from '@testing-library/react';
import { DatahavenApp } from '@datahaven/core';
import { TEAMS_SIGN_IN_PENDING, createTeamsHostAdapter } from './createTeamsHostAdapter';

describe('the Teams host', () => {
  it('mounts the core shell with a home screen saying the Teams features arrive later', async () => {
    window.history.replaceState(null, '', '/teams/');
    render(<DatahavenApp host={createTeamsHostAdapter(window)} />);
    const status = await screen.findByRole('status');
    expect(screen.getByRole('heading', { name: 'Datahaven Documents in Teams' })).toBeTruthy();
    expect(status.textContent).toContain('arrive in a later release');
  });

  it('hands out no token until Teams sign-in exists', async () => {
    const host = createTeamsHostAdapter(window);
    await expect(host.getToken({ forceRefresh: false })).rejects.toThrow(TEAMS_SIGN_IN_PENDING);
  });
});
