// mf-customer's production build (scripts/build-web.mjs into a temporary folder) carries no copy of the federation
// runtime core (the shell's serves every remote) and no zod: the contracts' zod
// schemas validate on the services, and the one contracts function the browser runs (the report's currency
// conversion) is imported from its zod-free module. Importing the contracts barrel put zod and every report schema
// (about 40 KB gzip) into the cash-flow report's first load (issue 30; `npm run bench:web` measures the screen).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(__dirname, '..', '..');
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'kf-mf-customer-build-'));
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts', 'build-web.mjs'), '--only', 'mf-customer', '--out', dist],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (r.status !== 0) throw new Error(`mf-customer's build failed:\n${r.stdout}\n${r.stderr}`);
}, 300_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("mf-customer's build (issue 30)", () => {
  it('has no zod in any chunk, and still converts report amounts in the browser', () => {
    const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(3);
    const withZod = files.filter((f) => /\bZodError\b|\$ZodType/.test(readFileSync(join(dist, f), 'utf8')));
    expect(withZod).toEqual([]);
    // the conversion is there (its list of fields that are not money travels with it)
    expect(files.some((f) => readFileSync(join(dist, f), 'utf8').includes('money_runs_out_year'))).toBe(true);
  });

  it('takes the federation runtime core from the shell instead of a copy in its remoteEntry.js', () => {
    const entry = readFileSync(join(dist, 'remoteEntry.js'));
    // scripts/rspack-config.mjs: externalRuntime here, provideExternalRuntime in the shell
    expect(entry.toString('utf8')).toContain('_FEDERATION_RUNTIME_CORE');
    // the copy was 33 KB gzip of every remote's first load; what is left is the container and the bundler glue
    expect(gzipSync(entry, { level: 9 }).length).toBeLessThan(20 * 1024);
  });
});
