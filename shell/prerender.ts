// node --import tsx shell/prerender.ts <shell dist folder>: writes the prerendered sign-in pages (src/prerender.tsx)
// beside the built index.html, and prerendered.json (path → file) that the gateway and bench:web serve them by.
// Run by scripts/build-web.mjs after the shell's rspack build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { injectPage, PRERENDERED_PATHS, prerenderedFile, renderPage } from './src/prerender';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, 'dist'));
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const map: Record<string, string> = {};
for (const path of PRERENDERED_PATHS) {
  const file = prerenderedFile(path);
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), injectPage(index, path, renderPage(path)));
  map[path] = file;
}
writeFileSync(join(dist, 'prerendered.json'), `${JSON.stringify(map, null, 2)}\n`);
process.stdout.write(`prerendered ${PRERENDERED_PATHS.length} sign-in pages into ${dist}\n`);
