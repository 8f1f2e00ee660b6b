import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sampleClientPlan, sampleFinancialReport } from './__fixtures__/reports';
import { renderPdf } from './pdf';

/**
 * The visual check of the PDF export: the sample client plan (__fixtures__/reports.ts: every section and chart kind, a photo on the
 * cover, tables over several pages; landscape) and the sample financial report (no cover; portrait) are rendered,
 * their pages turned into 40 dpi greyscale images with poppler's `pdftoppm`, and each page compared with the stored
 * image in __golden__ (gzipped PGM). A page passes when it has the same size and at most 1% of its pixels differ by
 * more than 40 grey levels (anti-aliasing and poppler versions move edges a little; a moved table, a missing chart or a
 * broken cover moves far more). The page count must be the same.
 *
 * After an intended change of the layout: `UPDATE_GOLDEN=1 TZ=Asia/Singapore node_modules/.bin/jest
 * svc-planning/src/exports/pdf-visual.test.ts --selectProjects unit`, then look at the new pages before committing them.
 * A failing run leaves its pages and a difference image of each failing page in the folder its message names.
 */

const GOLDEN = join(__dirname, '__golden__');
const DPI = 40;
const LEVELS = 40;
const SHARE = 0.01;

interface Grey {
  width: number;
  height: number;
  pixels: Buffer;
}

/** A binary PGM (P5, 8 bits) as pdftoppm writes it. */
export function parsePgm(b: Buffer): Grey {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (i < b.length && /\s/.test(String.fromCharCode(b[i] as number))) i++;
    if (b[i] === 0x23) {
      while (i < b.length && b[i] !== 0x0a) i++;
      continue;
    }
    const start = i;
    while (i < b.length && !/\s/.test(String.fromCharCode(b[i] as number))) i++;
    fields.push(b.subarray(start, i).toString('latin1'));
  }
  const [magic, w, h, max] = fields;
  if (magic !== 'P5' || max !== '255') throw new Error(`Not an 8-bit binary PGM: ${magic} ${max}`);
  const width = Number(w);
  const height = Number(h);
  const pixels = b.subarray(i + 1, i + 1 + width * height);
  if (pixels.length !== width * height) throw new Error('PGM shorter than its size');
  return { width, height, pixels };
}

const pgm = (g: Grey) =>
  Buffer.concat([Buffer.from(`P5\n${g.width} ${g.height}\n255\n`, 'latin1'), Buffer.from(g.pixels)]);

/** The share of pixels that differ by more than LEVELS grey levels, and an image of them (black where they differ). */
export function compare(a: Grey, b: Grey): { share: number; diff: Grey } {
  if (a.width !== b.width || a.height !== b.height) throw new Error('different sizes');
  const out = Buffer.alloc(a.pixels.length, 255);
  let n = 0;
  for (let k = 0; k < a.pixels.length; k++) {
    if (Math.abs((a.pixels[k] as number) - (b.pixels[k] as number)) > LEVELS) {
      n++;
      out[k] = 0;
    }
  }
  return { share: n / a.pixels.length, diff: { width: a.width, height: a.height, pixels: out } };
}

/** The PDF's pages as greyscale images, with pdftoppm (poppler-utils: CI installs it; so must a developer). */
function pages(pdf: Buffer, dir: string): Grey[] {
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const run = spawnSync('pdftoppm', ['-r', String(DPI), '-gray', join(dir, 'doc.pdf'), join(dir, 'page')], {
    encoding: 'utf8',
  });
  if (run.error || run.status !== 0)
    throw new Error(
      `pdftoppm could not run (${run.error?.message ?? run.stderr}): install poppler-utils (apt-get install poppler-utils) for the PDF visual check`,
    );
  return readdirSync(dir)
    .filter((f) => /^page-\d+\.pgm$/.test(f))
    .sort()
    .map((f) => parsePgm(readFileSync(join(dir, f))));
}

const goldenFile = (name: string, k: number) => join(GOLDEN, `${name}-${String(k + 1).padStart(2, '0')}.pgm.gz`);

describe('the PDF looks as it did (visual check against golden pages)', () => {
  it.each([
    ['client-plan', sampleClientPlan],
    ['financial-report', sampleFinancialReport],
  ])('%s, page by page', async (NAME, sample) => {
    const pdf = await renderPdf(sample());
    const dir = mkdtempSync(join(tmpdir(), 'kinfolio-pdf-visual-'));
    const actual = pages(pdf, dir);
    expect(actual.length).toBeGreaterThan(4);

    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(GOLDEN, { recursive: true });
      for (const f of readdirSync(GOLDEN)) if (f.startsWith(`${NAME}-`)) unlinkSync(join(GOLDEN, f));
      actual.forEach((g, k) => {
        writeFileSync(goldenFile(NAME, k), gzipSync(pgm(g), { level: 9 }));
      });
      rmSync(dir, { recursive: true, force: true });
      return;
    }

    const stored = readdirSync(GOLDEN).filter((f) => f.startsWith(`${NAME}-`)).length;
    const failures: string[] = [];
    if (stored !== actual.length) failures.push(`${actual.length} pages, the golden has ${stored}`);
    actual.forEach((g, k) => {
      if (!existsSync(goldenFile(NAME, k))) return;
      const want = parsePgm(gunzipSync(readFileSync(goldenFile(NAME, k))));
      if (want.width !== g.width || want.height !== g.height) {
        failures.push(`page ${k + 1}: ${g.width}×${g.height}, the golden is ${want.width}×${want.height}`);
        return;
      }
      const { share, diff } = compare(g, want);
      if (share > SHARE) {
        failures.push(`page ${k + 1}: ${(share * 100).toFixed(2)}% of pixels differ`);
        writeFileSync(join(dir, `diff-${k + 1}.pgm`), pgm(diff));
      }
    });
    if (failures.length)
      throw new Error(
        `The PDF's pages differ from the golden ones (more than ${SHARE * 100}% of pixels by more than ${LEVELS} grey levels): ${failures.join('; ')}. The pages and differences are in ${dir}; if the change is meant, UPDATE_GOLDEN=1 (see this file).`,
      );
    rmSync(dir, { recursive: true, force: true });
  });

  it('the comparison sees a moved block and lets a slightly moved edge pass', () => {
    const width = 100;
    const height = 100;
    const page = (dx: number, dy: number) => {
      const pixels = Buffer.alloc(width * height, 255);
      // a 'table' of dark rows, 40 × 30 pixels
      for (let y = 20; y < 50; y += 3) for (let x = 10; x < 50; x++) pixels[(y + dy) * width + x + dx] = 0;
      return { width, height, pixels };
    };
    expect(compare(page(0, 0), page(0, 0)).share).toBe(0);
    // moved down by a row of text (at 40 dpi, about 7 pixels): fails
    expect(compare(page(0, 0), page(0, 7)).share).toBeGreaterThan(SHARE);
    // a grey anti-aliased edge (30 levels off) everywhere passes
    const soft = page(0, 0);
    const softer = { ...soft, pixels: Buffer.from(soft.pixels.map((v) => (v === 0 ? 30 : v))) };
    expect(compare(soft, softer).share).toBe(0);
    expect(() => parsePgm(Buffer.from('P2\n1 1\n255\n0'))).toThrow('Not an 8-bit binary PGM');
  });
});
