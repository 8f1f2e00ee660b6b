import { useEffect, useState } from 'react';
import { api } from './api';

/**
 * The currency rates the browser keeps (platform spec §3 "Currency rates: fetched and kept locally"; planning spec §7
 * "GET currency-rates (response stored locally)", "Currency conversion reads stored rates locally and makes no network
 * call"): GET currency-rates at most once a day, kept in localStorage, so converting a figure already on screen needs
 * no request. Rates are units of a currency per 1 RM (the stored table's base), as @kinfolio/money's convert takes them.
 */
export const CURRENCY_RATES_KEY = 'kf_currency_rates';
/** The kept table is fetched again after a day (the stored rates change when an admin or a feed updates them). */
export const CURRENCY_RATES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface KeptCurrencyRates {
  base: string;
  /** Units per 1 `base`, by currency code (the base itself included, at 1). */
  rates: Record<string, number>;
  fetchedAt: number;
}

interface RatesTable {
  base: string;
  rates: Array<{ code: string; rate: number; base: string; updated_at: string }>;
}

/**
 * Whether `data` is the `data` of contracts' planning.CurrencyRatesReply (a unit test keeps the two in step). Checked
 * by hand, not with the zod schema: importing @kinfolio/contracts at run time put zod and every contract (about 50 KB
 * gzip) into the shell's first load, because ui-kit is a shared singleton and so loads whole (docs/decisions/web.md).
 */
export function isCurrencyRatesTable(data: unknown): data is RatesTable {
  if (typeof data !== 'object' || data === null) return false;
  const { base, rates } = data as { base?: unknown; rates?: unknown };
  if (typeof base !== 'string' || !Array.isArray(rates)) return false;
  return rates.every((r: unknown) => {
    if (typeof r !== 'object' || r === null) return false;
    const { code, rate, base: b, updated_at } = r as Record<string, unknown>;
    return (
      typeof code === 'string' &&
      typeof rate === 'number' &&
      Number.isFinite(rate) &&
      rate > 0 &&
      typeof b === 'string' &&
      typeof updated_at === 'string'
    );
  });
}

function fromReply(data: unknown, fetchedAt: number): KeptCurrencyRates | null {
  if (!isCurrencyRatesTable(data)) return null;
  const rates: Record<string, number> = { [data.base]: 1 };
  for (const r of data.rates) rates[r.code.toUpperCase()] = r.rate;
  return { base: data.base, rates, fetchedAt };
}

/** The kept table, or null when none is kept (or what is kept is not a table: it is then ignored). */
export function keptCurrencyRates(): KeptCurrencyRates | null {
  try {
    const raw = JSON.parse(localStorage.getItem(CURRENCY_RATES_KEY) ?? 'null') as {
      data?: unknown;
      fetchedAt?: unknown;
    } | null;
    if (!raw || typeof raw.fetchedAt !== 'number') return null;
    return fromReply(raw.data, raw.fetchedAt);
  } catch {
    return null;
  }
}

let inFlight: Promise<KeptCurrencyRates | null> | null = null;

/**
 * The rates: the kept table while it is younger than a day, else GET currency-rates (one request however many callers
 * ask at once), kept for next time. When the call fails the older table still serves; null when there is none at all.
 */
export function loadCurrencyRates(now = Date.now()): Promise<KeptCurrencyRates | null> {
  const kept = keptCurrencyRates();
  if (kept && now - kept.fetchedAt < CURRENCY_RATES_MAX_AGE_MS && now >= kept.fetchedAt) return Promise.resolve(kept);
  inFlight ??= api
    .get<unknown>('currency-rates')
    .then((data) => {
      const fresh = fromReply(data, now);
      if (!fresh) return kept;
      try {
        localStorage.setItem(CURRENCY_RATES_KEY, JSON.stringify({ data, fetchedAt: now }));
      } catch {
        // storage full or unavailable: the table still serves this page
      }
      return fresh;
    })
    .catch(() => kept)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The rates for a component: the kept table at once when there is one, then whatever loadCurrencyRates gives;
 * `loading` until that answer (rates null and not loading: none can be had, convert on the server).
 */
export function useCurrencyRates(): { rates: KeptCurrencyRates | null; loading: boolean } {
  const [state, setState] = useState(() => ({ rates: keptCurrencyRates(), loading: true }));
  useEffect(() => {
    let live = true;
    loadCurrencyRates().then((r) => {
      if (live) setState((s) => ({ rates: r ?? s.rates, loading: false }));
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
