const d = process.argv[2] as string;
const e = require(`${d}/svc-planning/src/domain/calculations/index.ts`);
const s = require(`${d}/svc-planning/src/domain/calculations/sample.ts`);
const h = s.sampleHousehold(40);
for (let i = 0; i < 500; i++) e.project(h);
const res: number[] = [];
for (let round = 0; round < 25; round++) {
  const c = process.cpuUsage();
  for (let i = 0; i < 60; i++) e.project(h);
  const u = process.cpuUsage(c);
  res.push((u.user + u.system) / 60);
}
res.sort((a, b) => a - b);
console.log(d, 'cpu µs/projection min', res[0]!.toFixed(0), 'median', res[12]!.toFixed(0));
