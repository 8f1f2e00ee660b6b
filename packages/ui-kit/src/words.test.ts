import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Issue 30 item 15: the product says "advisor" (the specification's word, platform-shell §1), never "adviser" — in
 * screens, mails, exports and seeds alike. Names of others are kept as they are spelled (below).
 */
const ROOT = join(__dirname, '..', '..', '..');
const PRODUCT = [
  'shell/src',
  'mf-advisor/src',
  'mf-customer/src',
  'mf-admin/src',
  'mf-support/src',
  'packages',
  'gateway/src',
  'svc-auth/src',
  'svc-planning/src',
  'svc-billing/src',
  'svc-support/src',
];
/** A fund house in the bundled sample price feed: a proper name, spelled as its owner spells it. */
const PROPER_NAMES = [/Harbourfront Advisers/g];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'test') out.push(...sources(path));
    } else if (/\.(tsx?|html|hbs|txt)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

it('no product text says "adviser"', () => {
  const found: string[] = [];
  let scanned = 0;
  for (const dir of PRODUCT)
    for (const file of sources(join(ROOT, dir))) {
      scanned++;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const text = PROPER_NAMES.reduce((l, re) => l.replace(re, ''), line);
          if (/advis[e]r/i.test(text)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
  expect(scanned).toBeGreaterThan(300);
  expect(found).toEqual([]);
});
