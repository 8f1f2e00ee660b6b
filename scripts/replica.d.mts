export const settings: { primaryHost: string; primaryPort: number; port: number; dataDir: string; slot: string };
export interface ReplicaStatus {
  running: boolean;
  port: number;
  inRecovery: boolean;
  /** Bytes of WAL between the primary's current position and what the standby replayed (null: unknown). */
  lagBytes: number | null;
  /** Seconds since the last replayed transaction's commit, 0 when the standby has replayed all it received. */
  lagSeconds: number | null;
  slot: 'active' | 'inactive' | 'none' | null;
  replayLsn?: string;
  receiveLsn?: string;
  primaryLsn?: string;
}
export function start(): Promise<ReplicaStatus>;
export function stop(): void;
export function status(opts?: { quiet?: boolean }): ReplicaStatus;
export function ensureReplicaUrl(databaseUrl: string): Promise<string | null>;
