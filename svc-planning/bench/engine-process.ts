/**
 * One engine in its own process, for bench:engine's before/now comparison: loads `projection.ts` of the directory it
 * is given (argv[2]), projects the bench's household (always the current sample) and answers each `{ ms }` message
 * with the fastest batch of a window that long (ms a projection). Both engines compared run this same script, so
 * each gets a process, a load order and a warm-up of its own (in one process the engine loaded second measured 7-17%
 * slower than an identical copy loaded first).
 */
import { resolve } from 'node:path';
import type { project as Project } from '../src/domain/calculations';
import { sampleHousehold } from '../src/domain/calculations/sample';
import { timeWindow } from './engine-timing';

const dir = resolve(process.argv[2] ?? `${__dirname}/../src/domain/calculations`);
const { project } = require(`${dir}/projection.ts`) as { project: typeof Project };
const h = sampleHousehold(40);
// the same history in each process: record-major calls, then the year-by-year path (as the bench's first figures)
timeWindow(() => project(h), 1000);
timeWindow(() => project(h, { sell_on_shortfall: true }), 1000);
process.on('message', (m: { ms: number } | 'stop') => {
  if (m === 'stop') process.exit(0);
  else process.send?.({ best: timeWindow(() => project(h), m.ms).best });
});
process.send?.('ready');
