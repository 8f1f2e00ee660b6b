/**
 * The bundled sample price feed embedded mode imports when no FUND_FEED_URL is set: 5,000 funds generated
 * deterministically (the same codes, names and prices on every start, so a rerun changes nothing), as the CSV a
 * real feed would serve. Generated at start rather than committed: 5,000 lines of data would be ~400 KB of noise.
 */
export const SAMPLE_FUND_COUNT = 5_000;
export const SAMPLE_FEED_SOURCE = 'bundled sample feed (5,000 funds)';
/** The sample funds' codes: KF and six digits. */
export const sampleCode = (i: number) => `KF${String(i).padStart(6, '0')}`;

/** The sample feed's fund houses (made up; migration 016 recognises funds imported before samples were marked). */
export const SAMPLE_FUND_HOUSES = [
  'Kinfolio Asset Management',
  'Straits Capital',
  'Merlion Investors',
  'Petronas Unit Trusts',
  'Lion City Funds',
  'Borneo Asset Partners',
  'Harbourfront Advisers',
  'Orchard Global Investors',
] as const;
const THEMES = [
  ['Global Equity', 'high', 95, 0],
  ['Asia Pacific Bond', 'low', 0, 95],
  ['Balanced Growth', 'medium', 60, 35],
  ['Income Plus', 'medium', 30, 60],
  ['Money Market', 'low', 0, 20],
  ['Technology Leaders', 'high', 98, 0],
  ['Dividend Select', 'medium', 80, 10],
  ['Sukuk Income', 'low', 0, 90],
] as const;
const CURRENCIES = ['SGD', 'SGD', 'RM', 'RM', 'USD', 'EUR', 'GBP'];

/** A small deterministic generator (mulberry32): the same seed gives the same feed everywhere. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The sample feed as CSV: code,name,company,currency,price,price_date,risk_level,equity,bond,others. */
export function sampleFeedCsv(count = SAMPLE_FUND_COUNT, priceDate = '2026-01-02'): string {
  const next = rng(15);
  const lines = ['code,name,company,currency,price,price_date,risk_level,equity,bond,others'];
  for (let i = 1; i <= count; i++) {
    const house = SAMPLE_FUND_HOUSES[Math.floor(next() * SAMPLE_FUND_HOUSES.length)] as string;
    const [theme, risk, equity, bond] = THEMES[Math.floor(next() * THEMES.length)] as (typeof THEMES)[number];
    const currency = CURRENCIES[Math.floor(next() * CURRENCIES.length)] as string;
    const price = (0.5 + next() * 99.5).toFixed(4);
    const code = sampleCode(i);
    const name = `${house.split(' ')[0]} ${theme} Fund ${String.fromCharCode(65 + (i % 26))}${i}`;
    lines.push([code, name, house, currency, price, priceDate, risk, equity, bond, 100 - equity - bond].join(','));
  }
  return `${lines.join('\n')}\n`;
}
