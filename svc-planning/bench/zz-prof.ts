const dir = process.argv[2] as string;
const eng = require(`${dir}/projection.ts`);
const { sampleHousehold } = require(`${dir}/sample.ts`);
const h = sampleHousehold(40);
for (let i = 0; i < 2000; i++) eng.project(h);
const t0 = Date.now();
let n = 0;
while (Date.now() - t0 < 6000) { eng.project(h); n++; }
require('node:fs').writeFileSync(process.argv[3] as string, String(n));
