/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://app.kinfolio.test/advisor/customers"}
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { api } from './api';
import { ErrorBoundary, ErrorScreen, isLocalHost, logClientError } from './errors';

afterEach(() => jest.restoreAllMocks());

function Boom(): never {
  throw new Error('render failed');
}

describe('error screen (spec §2.12) and client error logging (spec §8)', () => {
  it('shows the exact texts; Go Back and Reload Page both reload', () => {
    const reload = jest.fn();
    render(<ErrorScreen onReload={reload} />);
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Admin has been notified. We are already working on this.')).toBeTruthy();
    expect(screen.getByText('Please try again later or refresh the page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('logs a rendering error with text, stack, info, url, timestamp and user data, and shows the error screen', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const post = jest.spyOn(api, 'post').mockResolvedValue(null);
    render(
      <ErrorBoundary name="shell">
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    await Promise.resolve();
    expect(post).toHaveBeenCalledWith(
      'log-error',
      expect.objectContaining({
        error: 'render failed',
        stack: expect.stringContaining('render failed'),
        url: 'https://app.kinfolio.test/advisor/customers',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        userData: null,
      }),
      { catalogue: false },
    );
  });

  it('uses the given fallback', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(api, 'post').mockResolvedValue(null);
    render(
      <ErrorBoundary fallback={(e) => <p>area failed: {e.message}</p>}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('area failed: render failed')).toBeTruthy();
  });

  it('fails softly when the log call fails, and never logs from localhost', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(new Error('svc-support down'));
    await expect(logClientError(new Error('x'))).resolves.toBeUndefined();
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('app.kinfolio.test')).toBe(false);
  });
});
