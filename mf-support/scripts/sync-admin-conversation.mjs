// Copies the shared conversation (and the HTML sanitiser) from mf-support to mf-admin/src/support.
// Remotes never import each other's source; mf-admin keeps an identical copy, checked by
// mf-admin/src/support/conversation/copy-drift.test.ts. Run: node mf-support/scripts/sync-admin-conversation.mjs
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const from = join(root, 'mf-support', 'src', 'conversation');
const to = join(root, 'mf-admin', 'src', 'support', 'conversation');
const isSource = (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f);

mkdirSync(to, { recursive: true });
for (const f of readdirSync(to).filter(isSource)) rmSync(join(to, f));
for (const f of readdirSync(from).filter(isSource)) copyFileSync(join(from, f), join(to, f));
mkdirSync(join(root, 'mf-admin', 'src', 'support', 'shared'), { recursive: true });
copyFileSync(
  join(root, 'mf-support', 'src', 'shared', 'sanitize.ts'),
  join(root, 'mf-admin', 'src', 'support', 'shared', 'sanitize.ts'),
);
console.log('conversation copied to mf-admin/src/support/conversation');
