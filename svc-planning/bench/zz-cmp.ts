import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
const [a, b, rounds = '20'] = process.argv.slice(2) as [string, string, string?];
const start = (dir: string) => new Promise<ChildProcess>((res) => { const c = fork(join(__dirname, 'engine-process.ts'), [dir], { execArgv: ['--import', 'tsx'] }); c.once('message', () => res(c)); });
const win = (c: ChildProcess) => new Promise<number>((res) => { c.once('message', (m) => res((m as { best: number }).best)); c.send({ ms: 300 }); });
(async () => {
  const A = await start(a); const B = await start(b);
  const r: number[] = []; let ba = Infinity; let bb = Infinity;
  for (let i = 0; i < Number(rounds); i++) { const x = await win(A); const y = await win(B); ba = Math.min(ba, x); bb = Math.min(bb, y); r.push(x / y); }
  r.sort((p, q) => p - q);
  console.log(`B/A speed median ${r[r.length >> 1]!.toFixed(3)} range ${r[0]!.toFixed(3)}-${r[r.length - 1]!.toFixed(3)} fastest ${(ba / bb).toFixed(3)}  (${b.split('/')[2]} vs ${a.split('/')[2]})`);
  A.send('stop'); B.send('stop');
})();
