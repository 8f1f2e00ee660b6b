import { ErrorBoundary, Skeleton } from '@kinfolio/ui-kit';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import styled from 'styled-components';
import { loadRemoteModule, type RemoteName } from './federation';

/** The text an area shows when its remote cannot be loaded (recorded in docs/decisions/web.md). */
export const REMOTE_UNAVAILABLE = 'This part of Kinfolio is not available right now. Please try again later.';

const Unavailable = styled.div`
  margin: 24px;
  padding: 20px 24px;
  border-radius: 8px;
  border: 1px solid #e8b4b0;
  background: #fdf3f2;
  color: #5c1a15;
  p { margin: 0 0 12px; }
  button { border: 1px solid #8f1e18; background: #fff; color: #8f1e18; border-radius: 8px; padding: 6px 14px; cursor: pointer; font-weight: 600; }
`;

export function RemoteUnavailable({ remote }: { remote: string }) {
  return (
    <Unavailable role="alert" data-remote-unavailable={remote}>
      <p>{REMOTE_UNAVAILABLE}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </Unavailable>
  );
}

type AnyProps = Record<string, unknown>;
const cache = new Map<string, ComponentType<AnyProps>>();

/** One React.lazy per remote module, so navigating inside an area never re-mounts it. */
export function remoteComponent(
  remote: RemoteName,
  expose: string,
  loader = loadRemoteModule,
): ComponentType<AnyProps> {
  const key = `${remote}/${expose}`;
  let c = cache.get(key);
  if (!c) {
    c = lazy(async () => ({ default: await loader<ComponentType<AnyProps>>(remote, expose) }));
    cache.set(key, c);
  }
  return c;
}

export function clearRemoteCache(): void {
  cache.clear();
}

export interface RemoteAreaProps {
  remote: RemoteName;
  expose?: string;
  /** Shown while the remote loads (default: a skeleton; null: nothing). */
  loading?: ReactNode;
  /** Shown when it fails (default: the unavailable message); null renders nothing (e.g. the help widget). */
  failure?: ReactNode;
  props?: AnyProps;
  loader?: typeof loadRemoteModule;
  /** Rendered after the module inside the same Suspense (e.g. the progress bar's ready signal). */
  after?: ReactNode;
}

/** A remote's module in its own error boundary and Suspense: one remote down never blanks the page. */
export function RemoteArea({ remote, expose = './App', loading, failure, props, loader, after }: RemoteAreaProps) {
  const C = remoteComponent(remote, expose, loader);
  return (
    <ErrorBoundary name={remote} fallback={failure !== undefined ? failure : <RemoteUnavailable remote={remote} />}>
      {/* `loading={null}` means no placeholder at all (the help widget): with `??` it fell back to a second
          skeleton below the page's frame while the widget loaded. */}
      <Suspense fallback={loading !== undefined ? loading : <Skeleton rows={5} label="Loading" />}>
        <C {...props} />
        {after}
      </Suspense>
    </ErrorBoundary>
  );
}
