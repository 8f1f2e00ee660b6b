import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The conversation (header, messages, reply box, live replies) is written once in mf-support and copied here,
 * because remotes never import each other's source (docs/decisions/support-ui.md). This test fails when the copies
 * drift: change mf-support/src/conversation, then copy the files over.
 */
describe('conversation copy', () => {
  const here = __dirname;
  const source = join(here, '..', '..', '..', '..', 'mf-support', 'src', 'conversation');
  const files = readdirSync(source).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

  it('has every source file of mf-support/src/conversation', () => {
    const mine = readdirSync(here).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(mine.sort()).toEqual([...files].sort());
  });

  it.each(files)('%s is identical to the mf-support original', (f) => {
    expect(readFileSync(join(here, f), 'utf8')).toBe(readFileSync(join(source, f), 'utf8'));
  });

  it('shares the sanitiser too', () => {
    const a = readFileSync(join(here, '..', 'shared', 'sanitize.ts'), 'utf8');
    const b = readFileSync(join(source, '..', 'shared', 'sanitize.ts'), 'utf8');
    expect(a).toBe(b);
  });
});
