/**
 * bench:scale's everyday calls (issue 37), shared with svc-planning/test/scale.test.ts so the test runs (and its plan
 * check EXPLAINs) the very statements the bench times. Each call is what a screen sends, on a cloned household n of
 * advisor ⌊n / perAdvisor⌋ (scale-seed.ts names its ids), with the absolute target the existing benches hold.
 */
import { cloneOf, type Template } from './scale-seed';

/** Sends one call as the household's advisor; answers the status. */
export type Send = (method: string, path: string, body?: unknown) => Promise<number>;

export interface HotHousehold {
  n: number;
  id: string;
  me: string;
  /** The clone of the template's first income (the record a save changes). */
  income: string;
}

export function hotHousehold(tpl: Template, n: number): HotHousehold {
  const income = tpl.ids.get('member_incomes')?.[0];
  if (!income) throw new Error('the template has no income');
  return {
    n,
    id: cloneOf(tpl, tpl.householdId, n),
    me: cloneOf(tpl, tpl.me, n),
    income: cloneOf(tpl, income, n),
  };
}

export interface HotCall {
  name: string;
  /** p95 target, ms, through the gateway. */
  target: number;
  /** Which bench holds that target. */
  targetFrom: string;
  /** Untimed work before the timed call (a save before a cold report, a read before a warm one). */
  before?(send: Send, h: HotHousehold, i: number): Promise<number[]>;
  run(send: Send, h: HotHousehold, i: number): Promise<number[]>;
}

export const SORTS = ['name', 'created_at', 'updated_at', 'email'] as const;
export const SEARCHES = ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua', 'Koh', 'Teo'] as const;

const one = async (p: Promise<number>) => [await p];
const report = (send: Send, h: HotHousehold) => send('GET', `customer/${h.id}/financial-report`);
const save = (send: Send, h: HotHousehold, i: number) =>
  send('PATCH', `customer/member-income/${h.income}`, { amount: 3000 + (i % 97) });

/** The calls of "At one hundredth": `pages` is how many customers pages an advisor has (sorted pages are spread). */
export function hotCalls(pages: number): HotCall[] {
  return [
    {
      name: 'customers page, sorted (4 keys, asc/desc, pages)',
      target: 30,
      targetFrom: 'bench:households',
      run: (send, _h, i) =>
        one(
          send(
            'GET',
            `leads/customer?sort=${SORTS[i % 4]}&order=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % Math.max(1, pages))}&page_size=20`,
          ),
        ),
    },
    {
      name: 'customers page, searched',
      target: 30,
      targetFrom: 'bench:households',
      run: (send, _h, i) => one(send('GET', `leads/customer?search=${SEARCHES[i % 10]}&sort=name&page_size=20`)),
    },
    {
      name: 'whole household (8 calls in parallel)',
      target: 40,
      targetFrom: 'bench:households',
      run: (send, h) =>
        Promise.all([
          send('GET', `single-lead/${h.id}`),
          send('GET', `customer/${h.id}/member-income`),
          send('GET', `customer/${h.id}/member-expense`),
          send('GET', `customer/${h.id}/member-living-expense`),
          send('GET', `customer/${h.id}/member-saving`),
          send('GET', `customer/${h.id}/goals`),
          send('GET', `advisor/leads/${h.id}/dreams`),
          send('GET', `customer/cash-flow/${h.id}`),
        ]),
    },
    {
      name: 'save a record (PATCH an income)',
      target: 40,
      targetFrom: 'bench:households (save one record)',
      run: (send, h, i) => one(save(send, h, i)),
    },
    {
      name: 'financial report, cold (after a save)',
      target: 80,
      targetFrom: 'bench:reports',
      before: (send, h, i) => one(save(send, h, i)),
      run: (send, h) => one(report(send, h)),
    },
    {
      name: 'financial report, warm',
      target: 15,
      targetFrom: 'bench:reports',
      before: (send, h) => one(report(send, h)),
      run: (send, h) => one(report(send, h)),
    },
    {
      name: 'balance sheet (balance-sheet + debt-summary)',
      target: 40,
      targetFrom: 'bench:households (whole balance sheet)',
      run: (send, h) =>
        Promise.all([send('GET', `customer/${h.id}/balance-sheet`), send('GET', `customer/${h.id}/debt-summary`)]),
    },
    {
      name: 'insurance coverage by member',
      target: 40,
      targetFrom: 'bench:households',
      run: (send, h) => one(send('GET', `customer/insurance-coverage-by-member?lead_id=${h.id}`)),
    },
    {
      name: 'scenario run (no Monte Carlo)',
      target: 60,
      targetFrom: 'bench:households (calculate/finance of a stored household)',
      run: (send, h) => one(send('POST', 'customer/calculate/scenario-modelling', { household_id: h.id })),
    },
  ];
}
