import { getPriority } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The scenario pool's threads run at a lower priority than the service's event loop (Linux: a nice value per
 * thread), so Monte Carlo trials take the cores only when the service's requests leave them free.
 */
const linux = process.platform === 'linux';
(linux ? it : it.skip)('a scenario thread lowers its own priority, and only its own', async () => {
  const file = join(__dirname, 'montecarlo.worker.ts');
  const code = `
    require(${JSON.stringify(require.resolve('tsx/cjs'))});
    const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    const { getPriority } = require('node:os');
    require(${JSON.stringify(file)}); // the thread's module lowers the priority as it loads
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    parentPort.postMessage({ tid, nice: getPriority(tid) });
  `;
  const w = new Worker(code, { eval: true, execArgv: [], env: { ...process.env, KF_SCENARIO_NICE: '10' } });
  const reply = await new Promise<{ tid: number; nice: number }>((resolve, reject) => {
    w.once('message', resolve);
    w.once('error', reject);
  });
  await w.terminate();
  const before = getPriority(process.pid);
  expect(reply.tid).not.toBe(process.pid);
  expect(reply.nice).toBe(Math.max(before, 10)); // nice 10, or the process's own if it already runs lower
  // the service's own (main) thread keeps its priority
  expect(getPriority(process.pid)).toBe(before);
});
