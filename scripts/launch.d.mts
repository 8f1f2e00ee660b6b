export const MIN_NODE: string;
export function nodeIsRecentEnough(version: string, min?: string): boolean;
export function requireNode(version?: string, exit?: (code: number) => void): boolean;
export function isLoopbackHost(host: string): boolean;
export function listenHost(env?: Record<string, string | undefined>, warn?: (message: string) => void): string;
export function restartDelay(attempt: number, base?: number, cap?: number): number;
export function httpProbe(url: string, timeoutMs?: number): () => Promise<boolean>;
export interface Supervised {
  readonly name: string;
  readonly child: import('node:child_process').ChildProcess;
  readonly starts: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}
export function supervise(
  name: string,
  start: () => import('node:child_process').ChildProcess,
  opts?: {
    log?: (message: string) => void;
    stableMs?: number;
    base?: number;
    cap?: number;
    /** True while the child is healthy (its /readyz); the back-off starts over after `stableMs` of it. */
    probe?: () => Promise<boolean> | boolean;
    probeMs?: number;
    /** Called instead of a restart when the first run exits before its probe ever answered true. */
    onStartFailed?: (code: number | null, signal: NodeJS.Signals | null) => void;
  },
): Supervised;
