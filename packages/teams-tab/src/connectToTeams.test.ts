import { app } from '@microsoft/teams-js';
import { OutsideTeamsError, TEAMS_INITIALIZE_TIMEOUT_MS, connectToTeams, mayBeInTeams } from './connectToTeams';
import { TEAMS_TEXT } from './teamsText';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());

/** A window inside a frame of this page, as the tab is inside Teams' iframe. */
function framedWindow(): Window {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  if (!frame.contentWindow) throw new Error('jsdom gave the frame no window.');
  return frame.contentWindow;
}

describe('connectToTeams', () => {
  beforeEach(() => jest.resetAllMocks());
  afterEach(() => jest.useRealTimers());

  it('says in words that the page is outside Teams when there is no parent window, without calling app.initialize', async () => {
    expect(mayBeInTeams(window)).toBe(false);
    await expect(connectToTeams(window, { hostOrigins: [] })).rejects.toThrow(new OutsideTeamsError(TEAMS_TEXT.notices.notInTeams));
    expect(app.initialize).not.toHaveBeenCalled();
  });

  it('gives up after the time-out when the surrounding frame never answers app.initialize', async () => {
    jest.useFakeTimers();
    jest.mocked(app.initialize).mockReturnValue(new Promise<void>(() => undefined));
    const connecting = connectToTeams(framedWindow(), { hostOrigins: ['http://sim.example'] });
    const outcome = connecting.then(
      () => 'connected',
      (error: unknown) => (error instanceof Error ? error.message : 'other'),
    );
    await jest.advanceTimersByTimeAsync(TEAMS_INITIALIZE_TIMEOUT_MS - 1);
    expect(app.getContext).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe(TEAMS_TEXT.notices.teamsDidNotAnswer);
    expect(app.getContext).not.toHaveBeenCalled();
  });

  it('says the page is outside Teams when app.initialize rejects (no Teams parent)', async () => {
    jest.mocked(app.initialize).mockRejectedValue(new Error('No Parent window found'));
    await expect(connectToTeams(framedWindow(), { hostOrigins: [] })).rejects.toThrow(TEAMS_TEXT.notices.notInTeams);
  });

  it('passes the configured host origins to app.initialize and returns the context', async () => {
    const context = {
      app: { theme: 'dark', locale: 'de-de' },
      page: { id: 'datahaven-queue-7', frameContext: 'content' },
    } as unknown as app.Context;
    jest.mocked(app.initialize).mockResolvedValue();
    jest.mocked(app.getContext).mockResolvedValue(context);
    await expect(connectToTeams(framedWindow(), { hostOrigins: ['http://127.0.0.1:3000'] })).resolves.toBe(context);
    expect(app.initialize).toHaveBeenCalledWith(['http://127.0.0.1:3000']);
  });
});
