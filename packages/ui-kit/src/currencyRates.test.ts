/** @jest-environment jsdom */
import { planning } from '@kinfolio/contracts';
import {
  CURRENCY_RATES_KEY,
  CURRENCY_RATES_MAX_AGE_MS,
  isCurrencyRatesTable,
  keptCurrencyRates,
  loadCurrencyRates,
} from './currencyRates';

// jsdom has no Response: the client reads only ok, status and text().
const fakeResponse = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) }) as unknown as Response;
const table = (sgd: number) => ({
  data: {
    base: 'RM',
    rates: [
      { code: 'SGD', rate: sgd, base: 'RM', updated_at: '2026-11-01T00:00:00.000Z' },
      { code: 'USD', rate: 0.2133, base: 'RM', updated_at: '2026-11-01T00:00:00.000Z' },
    ],
  },
});
let replies: Array<{ status: number; body: unknown }> = [];
const calls: string[] = [];

beforeEach(() => {
  localStorage.clear();
  replies = [];
  calls.length = 0;
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    calls.push(String(url));
    const r = replies.shift() ?? { status: 500, body: { message: 'no reply set' } };
    return fakeResponse(r.status, r.body);
  }) as typeof fetch;
});

describe('currency rates kept locally (platform spec §3, planning spec §7)', () => {
  it('fetches the table once and keeps it: the next day-old-or-younger read makes no request', async () => {
    replies.push({ status: 200, body: table(0.3016) });
    const first = await loadCurrencyRates(1_000);
    expect(first?.rates).toEqual({ RM: 1, SGD: 0.3016, USD: 0.2133 });
    expect(calls).toEqual(['/api/v1/currency-rates']);
    expect(keptCurrencyRates()?.rates.SGD).toBe(0.3016);
    const again = await loadCurrencyRates(1_000 + CURRENCY_RATES_MAX_AGE_MS - 1);
    expect(again?.rates.SGD).toBe(0.3016);
    expect(calls).toHaveLength(1);
  });

  it('fetches again after a day and keeps the new table', async () => {
    replies.push({ status: 200, body: table(0.3016) }, { status: 200, body: table(0.31) });
    await loadCurrencyRates(0);
    const later = await loadCurrencyRates(CURRENCY_RATES_MAX_AGE_MS + 1);
    expect(later?.rates.SGD).toBe(0.31);
    expect(calls).toHaveLength(2);
    expect(keptCurrencyRates()?.fetchedAt).toBe(CURRENCY_RATES_MAX_AGE_MS + 1);
  });

  it('serves the older table when the call fails or answers no table, and null when there is none', async () => {
    replies.push({ status: 503, body: { message: 'down' } });
    expect(await loadCurrencyRates(0)).toBeNull();
    replies.push({ status: 200, body: table(0.3016) });
    await loadCurrencyRates(0);
    replies.push({ status: 200, body: { data: { base: 'RM', rates: [{ code: 'SGD', rate: -1 }] } } });
    const kept = await loadCurrencyRates(CURRENCY_RATES_MAX_AGE_MS + 5);
    expect(kept?.rates.SGD).toBe(0.3016);
    expect(keptCurrencyRates()?.fetchedAt).toBe(0);
  });

  it('ignores what is kept when it is not a table', async () => {
    localStorage.setItem(CURRENCY_RATES_KEY, '{"data":{"base":"RM","rates":"x"},"fetchedAt":1}');
    expect(keptCurrencyRates()).toBeNull();
    localStorage.setItem(CURRENCY_RATES_KEY, 'not json');
    expect(keptCurrencyRates()).toBeNull();
  });

  it('asks once however many callers ask at the same time', async () => {
    replies.push({ status: 200, body: table(0.3016) });
    const [a, b] = await Promise.all([loadCurrencyRates(0), loadCurrencyRates(0)]);
    expect(a?.rates.SGD).toBe(0.3016);
    expect(b?.rates.SGD).toBe(0.3016);
    expect(calls).toHaveLength(1);
  });
});

describe('the hand check of a rates table (kept so zod stays out of the browser)', () => {
  const row = { code: 'SGD', rate: 0.3, base: 'RM', updated_at: '2026-11-01T00:00:00.000Z' };
  const cases: unknown[] = [
    table(0.3016).data,
    { base: 'RM', rates: [] },
    { base: 'RM', rates: [row], extra: 1 },
    { base: 'RM', rates: [{ ...row, rate: 0 }] },
    { base: 'RM', rates: [{ ...row, rate: -1 }] },
    { base: 'RM', rates: [{ ...row, rate: Number.POSITIVE_INFINITY }] },
    { base: 'RM', rates: [{ ...row, rate: Number.NaN }] },
    { base: 'RM', rates: [{ ...row, rate: '0.3' }] },
    { base: 'RM', rates: [{ ...row, code: 1 }] },
    { base: 'RM', rates: [{ ...row, base: undefined }] },
    { base: 'RM', rates: [{ ...row, updated_at: null }] },
    { base: 'RM', rates: [null] },
    { base: 'RM', rates: {} },
    { base: 2, rates: [row] },
    { rates: [row] },
    null,
    'RM',
    [],
  ];
  it.each(cases.map((c, i) => [i, c]))('case %i: accepts exactly what the contract accepts', (_i, c) => {
    expect(isCurrencyRatesTable(c)).toBe(planning.CurrencyRatesReply.shape.data.safeParse(c).success);
  });
});
