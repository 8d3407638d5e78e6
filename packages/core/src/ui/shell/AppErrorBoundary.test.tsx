import { render, screen } from '@testing-library/react';
import { MESSAGES } from '../../rules';
import { AppErrorBoundary } from './AppErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('AppErrorBoundary', () => {
  it("logs a render error as 'An Unhandled Error Occured' and shows it instead of the screen", () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.unhandledError);
    expect(logged.mock.calls.some((call) => call[0] === MESSAGES.unhandledError)).toBe(true);
    logged.mockRestore();
  });
});
