import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/**
 * The sharing card of an advisor's public page (issue 15): a 1200×630 PNG with the name and designation, for the
 * og:image of an advisor without a profile image. Drawn as SVG and rendered by resvg. resvg draws text only with a
 * font file: the first of a few usual system fonts (fontconfig's DejaVu or Liberation on Debian, Arial elsewhere),
 * else any .ttf/.otf under the system font folders; on a machine without any, the card carries the initials drawn as
 * strokes (no text at all), so the card never fails. Rendered PNGs are cached in memory by their content.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const PREFERRED_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  '/Library/Fonts/Arial.ttf',
  'C:\\Windows\\Fonts\\arialbd.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];
const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts', '/System/Library/Fonts', '/Library/Fonts'];

function scanFonts(dir: string, depth: number): string | undefined {
  if (depth < 0 || !existsSync(dir)) return undefined;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const file = entries.find((e) => e.isFile() && /\.(?:ttf|otf)$/i.test(e.name));
  if (file) return join(dir, file.name);
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const found = scanFonts(join(dir, e.name), depth - 1);
    if (found) return found;
  }
  return undefined;
}

let fontFile: string | null | undefined;
/** The font file the card uses, or null when the machine has none (then the initials are drawn as strokes). */
export function cardFont(): string | null {
  if (fontFile === undefined) {
    fontFile = PREFERRED_FONTS.find((f) => existsSync(f)) ?? null;
    for (const dir of FONT_DIRS) {
      if (fontFile) break;
      fontFile = scanFonts(dir, 4) ?? null;
    }
  }
  return fontFile;
}

/** For tests: pretend the machine has this font (a path) or none (null); undefined finds it again. */
export function setCardFont(file: string | null | undefined): void {
  fontFile = file;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c] ?? c);

/** At most `max` characters (by code point), with an ellipsis when cut. */
function fit(s: string, max: number): string {
  const chars = Array.from(s.trim().replace(/\s+/g, ' '));
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  // the first letters of the first two words as written (the public page's rule, docs/decisions/public-page.md 1)
  return parts
    .slice(0, 2)
    .map((p) => Array.from(p)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Stroke outlines of A–Z on a 10×14 grid: the initials when no font file exists. */
const STROKES: Record<string, string> = {
  A: 'M0 14L5 0L10 14M2 8.5H8',
  B: 'M0 7H6Q9 7 9 3.5Q9 0 6 0H0V14H7Q10 14 10 10.5Q10 7 7 7',
  C: 'M10 2Q8.5 0 5.5 0Q0 0 0 7Q0 14 5.5 14Q8.5 14 10 12',
  D: 'M0 0V14H4Q10 14 10 7Q10 0 4 0Z',
  E: 'M10 0H0V14H10M0 7H7',
  F: 'M10 0H0V14M0 7H7',
  G: 'M10 2Q8.5 0 5.5 0Q0 0 0 7Q0 14 5.5 14Q10 14 10 8.5H6',
  H: 'M0 0V14M10 0V14M0 7H10',
  I: 'M5 0V14M2 0H8M2 14H8',
  J: 'M10 0V10Q10 14 5 14Q0 14 0 10',
  K: 'M0 0V14M10 0L0 8.5M3.5 6L10 14',
  L: 'M0 0V14H10',
  M: 'M0 14V0L5 8L10 0V14',
  N: 'M0 14V0L10 14V0',
  O: 'M5 0Q0 0 0 7Q0 14 5 14Q10 14 10 7Q10 0 5 0Z',
  P: 'M0 14V0H6Q10 0 10 3.5Q10 7 6 7H0',
  Q: 'M5 0Q0 0 0 7Q0 14 5 14Q10 14 10 7Q10 0 5 0ZM6 10L10 14',
  R: 'M0 14V0H6Q10 0 10 3.5Q10 7 6 7H0M5 7L10 14',
  S: 'M10 2Q8.5 0 5 0Q0 0 0 3.5Q0 7 5 7Q10 7 10 10.5Q10 14 5 14Q1.5 14 0 12',
  T: 'M0 0H10M5 0V14',
  U: 'M0 0V10Q0 14 5 14Q10 14 10 10V0',
  V: 'M0 0L5 14L10 0',
  W: 'M0 0L2.5 14L5 5L7.5 14L10 0',
  X: 'M0 0L10 14M10 0L0 14',
  Y: 'M0 0L5 7L10 0M5 7V14',
  Z: 'M0 0H10L0 14H10',
};

/** The initials as strokes (letters outside A–Z: a person's outline), centred on (cx, cy), 14·scale high. */
function strokedInitials(text: string, cx: number, cy: number, scale: number): string {
  const letters = Array.from(text).filter((c) => STROKES[c]);
  if (!letters.length || letters.length !== Array.from(text).length)
    return `<circle cx="${cx}" cy="${cy - 30}" r="42" fill="none" stroke="#ffffff" stroke-width="12"/><path d="M${cx - 70} ${cy + 80}Q${cx - 70} ${cy + 20} ${cx} ${cy + 20}Q${cx + 70} ${cy + 20} ${cx + 70} ${cy + 80}" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/>`;
  const gap = 5;
  const width = letters.length * 10 + (letters.length - 1) * gap;
  const x0 = cx - (width * scale) / 2;
  const y0 = cy - 7 * scale;
  return letters
    .map(
      (c, i) =>
        `<path transform="translate(${x0 + i * (10 + gap) * scale} ${y0}) scale(${scale})" d="${STROKES[c]}" fill="none" stroke="#ffffff" stroke-width="${(2 / scale) * 6}" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('');
}

/** The card's SVG: brand colours (#10302f to #1f6f6c, accent #4db2af), the initials in a circle, name, designation. */
export function cardSvg(name: string, designation: string, withText: boolean): string {
  const ini = initials(name);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#10302f"/><stop offset="1" stop-color="#1f6f6c"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#g)"/>
<rect x="0" y="${CARD_HEIGHT - 18}" width="${CARD_WIDTH}" height="18" fill="#4db2af"/>
<circle cx="230" cy="315" r="150" fill="#4db2af"/>`;
  if (!withText) return `${head}${strokedInitials(ini, 230, 315, 8)}</svg>`;
  const family = 'font-family="Kinfolio Card, DejaVu Sans, Liberation Sans, Arial, sans-serif"';
  return `${head}
<text x="230" y="355" text-anchor="middle" ${family} font-size="120" font-weight="700" fill="#0b2120">${xml(ini)}</text>
<text x="430" y="290" ${family} font-size="56" font-weight="700" fill="#ffffff">${xml(fit(name, 20))}</text>
<text x="430" y="365" ${family} font-size="38" fill="#e3f1f1">${xml(fit(designation, 30))}</text>
<text x="430" y="470" ${family} font-size="30" fill="#bfe3e2">Kinfolio · Fintech Advisory</text>
</svg>`;
}

const cache = new Map<string, Buffer>();
const CACHE_MAX = 200;

/** Cache key and ETag of a card: its inputs and whether text could be drawn. */
export function cardVersion(name: string, designation: string): string {
  return createHash('sha256')
    .update(`${name}\n${designation}\n${cardFont() ? 'text' : 'strokes'}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The PNG of the card (rendered once per name and designation; the last CACHE_MAX kept). */
export function renderCard(name: string, designation: string): { png: Buffer; version: string } {
  const version = cardVersion(name, designation);
  const known = cache.get(version);
  if (known) return { png: known, version };
  const font = cardFont();
  const svg = cardSvg(name, designation, font !== null);
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: CARD_WIDTH },
    font: font
      ? { fontFiles: [font], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }
      : { loadSystemFonts: false },
  })
    .render()
    .asPng();
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(version, png);
  return { png, version };
}
