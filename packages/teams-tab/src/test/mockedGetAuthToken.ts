import { authentication } from '@microsoft/teams-js';

/** `authentication.getAuthToken` of the mocked module (test/teamsJsMock), as its promise overload (the callback overload is deprecated). */
export function mockedGetAuthToken(): jest.Mock<Promise<string>, []> {
  return authentication.getAuthToken as unknown as jest.Mock<Promise<string>, []>;
}
