/**
 * Runtime remotes (issue 2 §6): the shell lists no remote at build time; it reads /remotes.json and registers each
 * remote's manifest with the Module Federation runtime. A remote that is down fails only its own area.
 */
import { getInstance, init, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'mf_advisor' | 'mf_customer' | 'mf_admin' | 'mf_support';
export type RemoteMap = Partial<Record<RemoteName, string>>;

export const REMOTES_URL = '/remotes.json';
const HOST_NAME = 'kf_shell';

let registered: Promise<RemoteMap> | null = null;

/** Remote not listed in /remotes.json, or its entry failed to load: the area shows its unavailable message. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote} is not available${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'RemoteUnavailableError';
  }
}

function ensureRuntime() {
  // The bundler runtime created the host instance already; init() with the same name returns it.
  return getInstance() ?? init({ name: HOST_NAME, remotes: [] });
}

/** Fetches /remotes.json once and registers every remote; a failed fetch is retried at the next call. */
export function registerAllRemotes(fetchImpl: typeof fetch = fetch): Promise<RemoteMap> {
  if (registered) return registered;
  registered = (async () => {
    const res = await fetchImpl(REMOTES_URL, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${REMOTES_URL} answered ${res.status}`);
    const map = (await res.json()) as RemoteMap;
    ensureRuntime();
    registerPlugins([
      {
        name: 'kf-remote-errors',
        // A dead remote must not leave an unhandled rejection (RUNTIME-003): answer with a module that throws
        // inside React, where the remote's error boundary turns it into the area's failure message.
        errorLoadRemote({ id, error }) {
          const name = String(id ?? '').split('/')[0] ?? 'remote';
          const err = new RemoteUnavailableError(name, error);
          return {
            default: () => {
              throw err;
            },
          };
        },
      },
    ]);
    const remotes = Object.entries(map)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0)
      .map(([name, entry]) => ({ name, entry: new URL(entry, location.href).href }));
    registerRemotes(remotes, { force: true });
    return map;
  })();
  registered.catch(() => {
    registered = null;
  });
  return registered;
}

/** For tests. */
export function resetRemotes(): void {
  registered = null;
}

/** Loads `remote/expose` (e.g. `mf_advisor`, `./App`) and returns its default export. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string): Promise<T> {
  const map = await registerAllRemotes().catch((e: unknown) => {
    throw new RemoteUnavailableError(remote, e);
  });
  if (!map[remote]) throw new RemoteUnavailableError(remote);
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  let mod: { default?: T } | null;
  try {
    mod = await loadRemote<{ default?: T }>(id);
  } catch (e) {
    throw new RemoteUnavailableError(remote, e);
  }
  if (!mod?.default) throw new RemoteUnavailableError(remote);
  return mod.default;
}
