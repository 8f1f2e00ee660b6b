import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);

/**
 * Two processes (jest workers, two test runs on one machine) that find no PGlite template each build one aside and
 * rename it into place: the one that comes second must take the first one's template, not fail (seen: ENOTEMPTY in
 * every embedded suite of one worker).
 */
it('two builders of the same PGlite template both succeed, and one template is left with no leftovers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-template-'));
  const template = join(dir, 'pglite');
  // two module instances: two independent builders, as two processes would be
  const load = () => {
    let mod: typeof import('../src/db') | undefined;
    jest.isolateModules(() => {
      mod = require('../src/db');
    });
    return mod as typeof import('../src/db');
  };
  const [a, b] = [load(), load()];
  try {
    await expect(Promise.all([a.preparePgliteTemplate(template), b.preparePgliteTemplate(template)])).resolves.toEqual([
      template,
      template,
    ]);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dir)).toEqual(['pglite']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
