import { readFileSync } from 'node:fs';

/** What bench:gateway reads of an autocannon run. */
export interface Histogram {
  average: number;
  p50: number;
  p99: number;
  total?: number;
  [k: string]: number | undefined;
}
export interface Result {
  requests: Histogram;
  latency: Histogram;
  throughput: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
}
export type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  pipelining?: number;
  /** Requests a second over all connections (open loop); absent: closed loop. */
  overallRate?: number;
}) => Promise<Result>;

/** CPU time (ms) a process has used so far, in user space and in the kernel; undefined where /proc is missing. */
export function cpuSplit(pid: number | undefined): { user: number; sys: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: (Number(fields[11]) * 1000) / 100, sys: (Number(fields[12]) * 1000) / 100 };
  } catch {
    return undefined;
  }
}

/** CPU time (ms, user + kernel) a process has used so far; 0 where /proc is missing. */
export function cpuMs(pid: number | undefined): number {
  const t = cpuSplit(pid);
  return t ? t.user + t.sys : 0;
}
