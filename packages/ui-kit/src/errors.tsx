import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { api } from './api';
import { readUserCookie } from './cookies';
import { theme } from './theme';

export const ERROR_SCREEN_TITLE = 'Something went wrong';
export const ERROR_SCREEN_NOTIFIED = 'Admin has been notified. We are already working on this.';
export const ERROR_SCREEN_RETRY = 'Please try again later or refresh the page.';

/** True on localhost and 127.0.0.1, where client errors are not logged (spec §8). */
export function isLocalHost(hostname = typeof location !== 'undefined' ? location.hostname : ''): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

/** POST log-error with the error text, stack, info, URL, timestamp and user data; never throws (spec §2.12, §8). */
export async function logClientError(
  error: unknown,
  info?: ErrorInfo | string | Record<string, unknown> | null,
): Promise<void> {
  try {
    if (isLocalHost()) return;
    const err = error instanceof Error ? error : new Error(String(error));
    const infoValue =
      typeof info === 'string'
        ? info
        : info && 'componentStack' in info
          ? String(info.componentStack ?? '')
          : (info ?? undefined);
    await api.post(
      'log-error',
      {
        error: (err.message || err.name || 'Error').slice(0, 5000),
        stack: (err.stack ?? '').slice(0, 20_000),
        info: typeof infoValue === 'string' ? infoValue.slice(0, 10_000) : infoValue,
        url: typeof location !== 'undefined' ? location.href.slice(0, 2000) : '',
        timestamp: new Date().toISOString(),
        userData: readUserCookie() as Record<string, unknown> | null,
      },
      { catalogue: false },
    );
  } catch {
    // spec §8: logging fails softly
  }
}

const Screen = styled.div`
  min-height: 60vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  padding: 32px 16px;
  gap: 8px;
  h1 { margin: 0 0 8px; font-size: 28px; color: ${theme.colors.text}; }
  p { margin: 0; color: ${theme.colors.muted}; }
  .kf-actions { display: flex; gap: 12px; margin-top: 20px; }
  button {
    min-height: 42px; padding: 8px 20px; border-radius: ${theme.radius}; font-weight: 600; cursor: pointer;
    border: 1px solid ${theme.colors.primaryDark};
  }
  .kf-back { background: #fff; color: ${theme.colors.primaryDark}; }
  .kf-reload { background: ${theme.colors.primaryDark}; color: #fff; }
`;

const reload = () => {
  if (typeof window !== 'undefined') window.location.reload();
};

/** The error screen of spec §2.12: Go Back and Reload Page both reload the page. */
export function ErrorScreen({ onReload = reload }: { onReload?: () => void }) {
  return (
    <Screen role="alert">
      <h1>{ERROR_SCREEN_TITLE}</h1>
      <p>{ERROR_SCREEN_NOTIFIED}</p>
      <p>{ERROR_SCREEN_RETRY}</p>
      <div className="kf-actions">
        <button type="button" className="kf-back" onClick={onReload}>
          Go Back
        </button>
        <button type="button" className="kf-reload" onClick={onReload}>
          Reload Page
        </button>
      </div>
    </Screen>
  );
}

export interface ErrorBoundaryProps {
  /** Names the area (e.g. a remote) in logs. */
  name?: string;
  fallback?: ReactNode | ((error: Error) => ReactNode);
  /** Log the error to log-error (default true). */
  log?: boolean;
  /** Changing this value clears a caught error (e.g. the route). */
  resetKey?: unknown;
  onError?: (error: Error, info: ErrorInfo) => void;
  children?: ReactNode;
}

interface State {
  error: Error | null;
  key: unknown;
}

/** Catches rendering errors below it: logs them and shows the fallback (default: the error screen). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
    if (this.props.log !== false) {
      void logClientError(error, { componentStack: info.componentStack ?? '', area: this.props.name ?? 'app' });
    }
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(error);
    if (fallback !== undefined) return fallback;
    return <ErrorScreen />;
  }
}
