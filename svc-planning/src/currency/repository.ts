import type { Knex } from '@kinfolio/service-kit';

export interface CurrencyRateRow {
  code: string;
  rate: number;
  base: string;
  updated_at: string;
}

export async function listCurrencyRates(db: Knex): Promise<CurrencyRateRow[]> {
  const rows: Array<{ code: string; rate: string | number; base: string; updated_at: Date | string }> =
    await db('currency_rates').orderBy('code');
  return rows.map((r) => ({
    code: r.code,
    rate: Number(r.rate),
    base: r.base,
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}
