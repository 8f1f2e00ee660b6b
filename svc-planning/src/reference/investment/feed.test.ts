import { checkEntry, parseCsv, parseFeed } from './feed';
import { SAMPLE_FUND_COUNT, sampleFeedCsv } from './sample-feed';

const RATES = new Set(['RM', 'SGD', 'USD', 'EUR', 'GBP']);

describe('fund price feed', () => {
  it('reads RFC 4180 CSV: a BOM, quoted commas and quotes, CRLF, blank lines, any column order', () => {
    const csv =
      '\uFEFFprice,code,name,currency,price_date\r\n"1.5",A1,"Fund ""One"", Class A",SGD,2026-01-02\r\n\r\n2,B2,Two,MYR,2026-01-03';
    expect(parseCsv(csv)).toEqual([
      {
        line: 2,
        fields: { price: '1.5', code: 'A1', name: 'Fund "One", Class A', currency: 'SGD', price_date: '2026-01-02' },
      },
      { line: 4, fields: { price: '2', code: 'B2', name: 'Two', currency: 'MYR', price_date: '2026-01-03' } },
    ]);
    expect(() => parseCsv('name,currency\nA,SGD')).toThrow('The feed has no header row naming code and price');
  });

  it('reads JSON as a list or under funds, with a nested asset_class, and tells JSON from CSV by its first character', () => {
    const item = {
      code: 'A1',
      name: 'One',
      currency: 'SGD',
      price: 1.25,
      price_date: '2026-01-02',
      asset_class: { equity: 60, bond: 40, others: 0 },
    };
    const fields = {
      code: 'A1',
      name: 'One',
      currency: 'SGD',
      price: '1.25',
      price_date: '2026-01-02',
      equity: '60',
      bond: '40',
      others: '0',
    };
    expect(parseFeed(JSON.stringify([item]))).toEqual([{ line: 1, fields }]);
    expect(parseFeed(` {"funds": ${JSON.stringify([item])}}`)).toEqual([{ line: 1, fields }]);
    expect(() => parseFeed('{"rows": 1}')).toThrow('The JSON feed is not a list of funds');
  });

  it('checks each fund: prices and shares as exact decimal strings, MYR read as RM, each fault named by its field', () => {
    const ok = (fields: Record<string, string>) => checkEntry({ line: 2, fields }, RATES);
    const base = { code: 'A1', name: 'One', currency: 'myr', price: '0.1', price_date: '2026-02-28' };
    expect(ok({ ...base, equity: '33.3', bond: '33.3', others: '33.4', risk_level: 'High' })).toEqual({
      fund: {
        code: 'A1',
        name: 'One',
        currency: 'RM',
        price: '0.100000',
        price_date: '2026-02-28',
        risk_level: 'high',
        split: { equity: '33.300', bond: '33.300', others: '33.400' },
      },
    });
    const fault = (over: Record<string, string>) => {
      const r = ok({ ...base, ...over });
      return 'failure' in r ? [r.failure.code, r.failure.field, r.failure.message] : null;
    };
    expect(fault({ price: 'abc' })).toEqual(['A1', 'price', "Not a valid price: 'abc'"]);
    expect(fault({ price: '0' })).toEqual(['A1', 'price', "Not a valid price: '0'"]);
    expect(fault({ currency: 'XYZ' })).toEqual(['A1', 'currency', "Unknown currency 'XYZ'"]);
    expect(fault({ price_date: '2026-02-30' })).toEqual(['A1', 'price_date', "Not a valid price date: '2026-02-30'"]);
    expect(fault({ code: 'bad code!' })).toEqual([
      'line 2',
      'code',
      'Missing or invalid fund code (1-64 letters, digits, . _ -)',
    ]);
    expect(fault({ name: '' })).toEqual(['A1', 'name', 'Missing fund name']);
    expect(fault({ name: 'Fund <b>' })?.[1]).toBe('name');
    expect(fault({ risk_level: 'extreme' })).toEqual(['A1', 'risk_level', "Not a risk level: 'extreme'"]);
    expect(fault({ equity: '50', bond: '50', others: '1' })).toEqual([
      'A1',
      'asset_class',
      'Equity, bond and others must total 100',
    ]);
    expect(fault({ equity: '50' })).toEqual(['A1', 'asset_class', 'Equity, bond and others must each be a percentage']);
  });

  it('the bundled sample feed: 5,000 valid funds with unique codes, the same on every call', () => {
    const text = sampleFeedCsv();
    expect(sampleFeedCsv()).toBe(text);
    const entries = parseFeed(text);
    expect(entries).toHaveLength(SAMPLE_FUND_COUNT);
    expect(new Set(entries.map((e) => e.fields.code)).size).toBe(SAMPLE_FUND_COUNT);
    const faults = entries.map((e) => checkEntry(e, RATES)).filter((r) => 'failure' in r);
    expect(faults).toEqual([]);
  });
});
