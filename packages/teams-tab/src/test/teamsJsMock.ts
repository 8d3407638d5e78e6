/**
 * The part of @microsoft/teams-js the tab calls, as jest functions: the host edge the unit tests
 * stand in for (HOSTS.md: Microsoft's own tests mock the module). Loading the real module is
 * avoided because it starts fetching Microsoft's CDN list of host origins as it loads.
 */
export function teamsJsMock(): Record<string, unknown> {
  return {
    app: {
      initialize: jest.fn(),
      getContext: jest.fn(),
      notifySuccess: jest.fn(() => Promise.resolve()),
      registerOnThemeChangeHandler: jest.fn(),
    },
    authentication: { getAuthToken: jest.fn() },
    nestedAppAuth: { isNAAChannelRecommended: jest.fn(() => false) },
    pages: {
      getConfig: jest.fn(),
      config: { setValidityState: jest.fn(), registerOnSaveHandler: jest.fn(), setConfig: jest.fn() },
    },
  };
}
