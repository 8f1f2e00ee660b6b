import type { ExplanationUnit, RulePart } from '@kinfolio/contracts/src/explanation-node';

/**
 * How the "How was this calculated?" panel writes its numbers (issue 34): money with 2 decimals and thousands
 * separators after the report's currency (ms-MY grouping, as the report), percents with up to 2 decimals, years and
 * ages in words. Type imports only: the remote does not bundle zod with the contracts.
 */
const money2 = new Intl.NumberFormat('ms-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upTo2 = new Intl.NumberFormat('ms-MY', { maximumFractionDigits: 2 });
const upTo4 = new Intl.NumberFormat('ms-MY', { maximumFractionDigits: 4 });

const clean = (s: string) => (/^-0(\.0+)?$/.test(s) ? s.slice(1) : s);

/** One number as a family reads it, by its unit; money in `currency` (the reply's: SGD or RM). */
export function formatExplained(value: number, unit: ExplanationUnit, currency: string): string {
  if (!Number.isFinite(value)) return '–';
  switch (unit) {
    case 'money':
      return `${currency} ${clean(money2.format(value))}`;
    case 'percent':
      return `${clean(upTo2.format(value))}%`;
    case 'factor':
      return clean(upTo4.format(value));
    case 'years': {
      const n = clean(upTo2.format(value));
      return `${n} ${value === 1 ? 'year' : 'years'}`;
    }
    case 'count':
      return clean(upTo2.format(value));
    case 'age':
      return `age ${Math.round(value * 100) / 100}`;
    case 'year':
      return String(Math.round(value));
  }
}

/** A rule's parts as text: the words as they are, each number formatted by its unit. */
export function ruleText(rule: readonly RulePart[], currency: string): string {
  return rule.map((p) => (typeof p === 'string' ? p : formatExplained(p.value, p.unit, currency))).join('');
}

/**
 * The household workspace's address (below the dashboard's base) of the screen a record names. The service names a
 * screen by the workspace path (`financial-report/cashflow`) or by the section's short name (`income`); both lead to
 * the screen that edits the record. An unknown name is taken as a path.
 */
const SCREEN_PATHS: Record<string, string> = {
  income: 'financial-report/cashflow',
  incomes: 'financial-report/cashflow',
  expense: 'financial-report/cashflow',
  expenses: 'financial-report/cashflow',
  'living-expense': 'financial-report/cashflow',
  'living-expenses': 'financial-report/cashflow',
  saving: 'financial-report/cashflow',
  savings: 'financial-report/cashflow',
  cashflow: 'financial-report/cashflow',
  insurance: 'financial-report/insurance',
  insurances: 'financial-report/insurance',
  policy: 'financial-report/insurance',
  policies: 'financial-report/insurance',
  coverage: 'financial-report/insurance',
  funds: 'financial-report/funds',
  cash_accounts: 'financial-report/funds',
  investments: 'financial-report/funds',
  pension: 'financial-report/funds?activeTab=pension',
  pensions: 'financial-report/funds?activeTab=pension',
  debt: 'financial-report/debt',
  debts: 'financial-report/debt',
  loans: 'financial-report/debt',
  property: 'financial-report/property',
  properties: 'financial-report/property',
  goals: 'goals',
  dreams: 'dreams-concerns/my-dreams',
  concerns: 'dreams-concerns/my-concerns',
  profile: 'profile',
  members: 'profile',
  networth: 'financial-report/networth',
  scenario: 'scenario-modelling',
};

export function screenPath(screen: string): string {
  const s = screen.trim().replace(/^\/+|\/+$/g, '');
  return SCREEN_PATHS[s] ?? s;
}

/** A screen's name in words, for the record's link ("change it on Income & Expenses"). */
const SCREEN_NAMES: Array<[string, string]> = [
  ['financial-report/cashflow', 'Income & Expenses'],
  ['financial-report/insurance', 'Insurance'],
  ['financial-report/funds', 'Funds'],
  ['financial-report/debt', 'Debt'],
  ['financial-report/property', 'Property'],
  ['financial-report/networth', 'Net Worth'],
  ['goals', 'Goals'],
  ['dreams-concerns/my-dreams', 'My Dreams'],
  ['dreams-concerns/my-concerns', 'My Concerns'],
  ['profile', 'Profile'],
  ['scenario-modelling', 'Scenario Modelling'],
];

export function screenName(screen: string): string {
  const path = screenPath(screen);
  return SCREEN_NAMES.find(([p]) => path === p || path.startsWith(`${p}?`) || path.startsWith(`${p}/`))?.[1] ?? path;
}

/** The report currencies the explain endpoint converts to; another currency is the household's own (no query). */
export const reportCurrency = (c: string | null | undefined): 'SGD' | 'RM' | null =>
  c === 'SGD' || c === 'RM' ? c : null;
