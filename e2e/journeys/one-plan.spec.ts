import { readFileSync } from 'node:fs';
import { formatNumber } from '@kinfolio/money';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn, watchPageErrors } from './helpers';

/**
 * Issue 31, one plan: an advisor records a household through the screens (on-boarding: two members, their incomes,
 * an expense; then a CPF account, a cash account, a fund, a mortgage and a policy) and checks that the report's
 * tabs, the data table, scenario modelling's current plan, Monte Carlo and the exports (the xlsx files read back
 * with exceljs) tell the same story, and agree with figures computed by hand:
 *
 * - the mortgage: 500,000 at 3% a year over 25 years from 2020, monthly annuity
 *   i = 0.03 / 12 = 0.0025, n = 300; instalment = 500,000 × 0.0025 / (1 − 1.0025^−300)
 *   = 1,250 / (1 − 0.472809) = 1,250 / 0.527191 = 2,371.06 a month;
 * - a whole year of it (2030): 12 × 2,371.0566 = 28,452.68 of loan repayments, all from cash (no CPF used);
 * - its last instalment is in 2044 (300 months from January 2020): the loans are 0 at the end of 2044 and after;
 * - the policy's premium: 3,000 a year, every year from 2024 (no end date): 3,000 in 2030's premiums.
 *
 * Goals and the sale plan are left out (their screens are other helpers' work on issue 31).
 */
test.describe.configure({ timeout: 300_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CSRF = { 'x-requested-with': 'kinfolio' };
const AS = { headers: { ...CSRF, 'authorization-type': 'advisor' } };

type Year = { year: number; [k: string]: number };
interface Report {
  money_runs_out_year: number | null;
  cashflow: { years: Array<Year & { income: number; expenses: number; shortfall: number; net_cash_flow: number }> };
  networth: { years: Array<Year & { loans: number; net_worth: number; shortfall: number }> };
  debt: { loans: Array<{ instalment: number; end_year: number | null }>; years: Array<Year & { payments: number }> };
}
interface DataRow {
  year: number;
  net_cash_flow: number;
  net_worth: number;
  premiums: number;
  loan_repayments: number;
  liabilities: { loans: number; shortfall: number };
}

async function saveAndGoToSummary(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const saved = page.getByRole('dialog', { name: 'Saved Successfully!' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: /Go to Summary Now/ }).click();
}
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
/** Goes through the editor's remaining steps (left as they are) to its save button, saves and goes to the summary. */
async function saveFromAnyStep(page: Page, button: string) {
  const step = page.getByRole('heading', { name: /^Step \d+ of \d+/ });
  for (let k = 0; k < 6; k++) {
    const at = (await step.textContent()) ?? '';
    const m = /Step (\d+) of (\d+)/.exec(at);
    if (!m || m[1] === m[2]) break;
    await next(page);
    await expect(step).not.toHaveText(at);
  }
  await saveAndGoToSummary(page, button);
}

/** An xlsx sheet's table (its header row begins with `Year`): values by year, and the column of a header label. */
function yearTable(wb: ExcelJS.Workbook, sheet: string) {
  const rows = new Map<number, unknown[]>();
  let header: string[] = [];
  (wb.getWorksheet(sheet) as ExcelJS.Worksheet).eachRow((row) => {
    // a live formula's figure is its cached result (issue 34: the sums and net figures are formulas)
    const v = Array.from({ length: row.cellCount }, (_, i) => {
      const c = row.getCell(i + 1);
      return c.formula ? c.result : c.value;
    });
    if (v[0] === 'Year') header = v.map((x) => String(x).replace(/ \(.*\)$/, ''));
    else if (header.length && typeof v[0] === 'number') rows.set(v[0], v);
  });
  return { rows, at: (year: number, label: string) => rows.get(year)?.[header.indexOf(label)] };
}
async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

test('one plan: the screens, the data table, the scenario, Monte Carlo and the exports tell the same story', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  page.setDefaultTimeout(30_000);
  const t = tag();
  const name = `One Plan ${t}`;
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);

  // on-boarding: the household, a second member, their incomes and an expense
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Add customer' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 5: Profile');
  const form = page.locator('main form, form').first();
  await form.getByLabel('Name', { exact: false }).fill(name);
  await form.getByLabel('Email', { exact: false }).fill(`one.${t}@example.com`);
  // the plan needs every member's age (or date of birth)
  await form.getByLabel('Age', { exact: false }).fill('42');
  await next(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 2 of 5: Family members');
  await page.getByRole('button', { name: 'Add a family member' }).click();
  const jun = page.getByRole('group', { name: 'Family member 1' });
  await jun.getByLabel('Name', { exact: false }).fill('Jun');
  await jun.getByLabel('Age', { exact: false }).fill('40');
  await next(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 3 of 5: Incomes & expenses');
  await page.getByLabel(`${name}: gross income a month`).fill('8000');
  await page.getByLabel('Jun: gross income a month').fill('5000');
  await page.getByLabel(/^Food/).fill('1500');
  await next(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 4 of 5: Dreams & concerns');
  await next(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 5 of 5: Review');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/advisor\/customers\/[0-9a-f-]{36}\/financial-report\/dashboard\/cashflow$/);
  const id = /customers\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
  const report = `/advisor/customers/${id}/financial-report`;

  // a CPF account
  await page.goto(`${report}/funds?activeTab=pension`);
  await page.getByRole('link', { name: 'Add pension account' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Account' })).toBeVisible();
  await page.getByLabel('Scheme', { exact: false }).selectOption('CPF');
  await page.getByLabel('Account name', { exact: false }).fill(`CPF ${t}`);
  await next(page);
  await page.getByLabel('CPF Ordinary Account (OA)', { exact: false }).fill('60000');
  await page.getByLabel('CPF MediSave Account (MA)', { exact: false }).fill('20000');
  await next(page);
  await page.getByLabel('Monthly wage', { exact: false }).fill('8000');
  await next(page);
  await next(page);
  await saveAndGoToSummary(page, 'Save pension account');
  await expect(page.getByRole('region', { name: 'Pension accounts' })).toContainText(`CPF ${t}`);

  // a cash account
  await page.goto(`${report}/funds?activeTab=cash+equivalent`);
  await page.getByRole('link', { name: 'Add cash account' }).click();
  await page.getByLabel('Bank name', { exact: false }).fill('DBS');
  await page.getByLabel('Current value', { exact: false }).fill('40000');
  await saveFromAnyStep(page, 'Save cash account');

  // a fund
  await page.goto(`${report}/funds?activeTab=investment`);
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByLabel('Plan name', { exact: false }).fill(`Core ${t}`);
  await page.getByLabel('Current value', { exact: false }).fill('30000');
  await saveFromAnyStep(page, 'Save portfolio');

  // a mortgage (no sale plan)
  await page.goto(`${report}/debt`);
  await page.getByRole('link', { name: 'Add loan' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Loan' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Home ${t}`);
  await page.getByLabel('Loan amount', { exact: false }).fill('500000');
  await page.getByLabel('Interest (% a year)', { exact: false }).fill('3');
  await page.getByLabel('Tenure (years)', { exact: false }).fill('25');
  await page.getByLabel('Starting year', { exact: false }).fill('2020');
  await next(page);
  await page.getByLabel('Purchase price', { exact: false }).fill('700000');
  await page.getByLabel('Market value', { exact: false }).fill('800000');
  await saveFromAnyStep(page, 'Save loan or property');
  await expect(page.getByRole('region', { name: new RegExp(`^Home ${t}`) })).toBeVisible();

  // a policy with a death benefit
  await page.goto(`${report}/insurance`);
  await page.getByRole('link', { name: 'Add policy' }).click();
  await page.getByLabel('Plan type', { exact: false }).selectOption('Whole Life');
  await page.getByLabel('Plan name', { exact: false }).fill(`Life ${t}`);
  await next(page);
  await page.getByLabel('Premium', { exact: true }).fill('3000');
  await page.getByLabel('Policy Date', { exact: false }).fill('2024-03-01');
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Add benefit' }).click();
  const benefit = page.getByRole('group', { name: /^Benefit 1:/ });
  await benefit.getByLabel('Lump-sum payout', { exact: false }).fill('500000');
  await benefit.getByLabel('Duration (years)', { exact: false }).fill('1');
  await benefit.getByLabel('Expiry age', { exact: false }).fill('99');
  await saveFromAnyStep(page, 'Save policy');

  // the replies every screen reads
  const get = async <T>(path: string) => {
    const res = await page.request.get(`/api/v1/${path}`, AS);
    expect([path, res.status()]).toEqual([path, 200]);
    return ((await res.json()) as { data: T }).data;
  };
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api/v1/${path}`, { ...AS, data });
    expect([path, res.status()]).toEqual([path, 200]);
    return res;
  };
  const r = await get<Report>(`customer/${id}/financial-report`);
  const rows = (
    (await (await post('customer/calculate/data-tables', { household_id: id })).json()) as {
      data: { rows: DataRow[]; money_runs_out_year: number | null };
    }
  ).data;
  const byYear = new Map(rows.rows.map((x) => [x.year, x]));
  const row = (y: number) => byYear.get(y) as DataRow;

  // by hand: the instalment, a whole year of it, the last year of the loan, the premium
  expect(r.debt.loans[0]?.instalment).toBeCloseTo(2371.06, 2);
  expect(Math.abs(row(2030).loan_repayments - 28452.68)).toBeLessThanOrEqual(0.12);
  expect(r.debt.years.find((y) => y.year === 2030)?.payments).toBe(row(2030).loan_repayments);
  expect(r.debt.loans[0]?.end_year).toBe(2044);
  expect(row(2044).liabilities.loans).toBe(0);
  expect(row(2043).liabilities.loans).toBeGreaterThan(0);
  expect(row(2030).premiums).toBe(3000);

  // the report's tabs and the data table: the same years, net cash flow, net worth, loans, shortfall
  expect(r.cashflow.years.map((y) => [y.year, y.net_cash_flow])).toEqual(
    rows.rows.map((x) => [x.year, x.net_cash_flow]),
  );
  expect(r.networth.years.map((y) => [y.year, y.net_worth, y.loans, y.shortfall])).toEqual(
    rows.rows.map((x) => [x.year, x.net_worth, x.liabilities.loans, x.liabilities.shortfall]),
  );
  expect(r.money_runs_out_year).toBe(rows.money_runs_out_year);

  // the report's screen shows the reply (first year's income in its table)
  await page.goto(`${report}/dashboard/cashflow`);
  const tab = page.getByRole('region', { name: 'Financial report: Cashflow' });
  await expect(tab.getByRole('img').first()).toHaveAttribute('aria-label', /\d/, { timeout: 30_000 });
  await tab.getByRole('button', { name: 'Table', exact: true }).click();
  const first = r.cashflow.years[0] as Report['cashflow']['years'][number];
  await expect(tab.getByRole('table').first()).toContainText(formatNumber(first.income));

  // the cash-flow export downloaded from the screen, read back: the report's figures, every year
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    tab.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'Excel', exact: true }).click(),
  ]);
  const cash = yearTable(await workbookOf(readFileSync(await download.path())), 'Cash flow by year');
  expect(r.cashflow.years.map((y) => [y.income, y.expenses, y.shortfall, y.net_cash_flow])).toEqual(
    r.cashflow.years.map((y) => ['Incomes', 'Expenses', 'Shortfall', 'Net cash flow'].map((l) => cash.at(y.year, l))),
  );

  // the data-table, net-worth and debt exports
  const file = async (report: string) =>
    workbookOf(Buffer.from(await (await post(`customer/${id}/exports`, { report, format: 'xlsx' })).body()));
  const dt = yearTable(await file('data-table'), 'Data table');
  expect(rows.rows.map((x) => [x.net_cash_flow, x.net_worth, x.liabilities.shortfall, x.loan_repayments])).toEqual(
    rows.rows.map((x) => ['Net cash flow', 'Net worth', 'Shortfall', 'Loan repayments'].map((l) => dt.at(x.year, l))),
  );
  const nw = yearTable(await file('networth'), 'Net worth');
  expect(r.networth.years.map((y) => nw.at(y.year, 'Net worth'))).toEqual(r.networth.years.map((y) => y.net_worth));
  const debt = yearTable(await file('debt'), 'Debt');
  expect(debt.at(2030, 'Payments')).toBe(row(2030).loan_repayments);

  // scenario modelling's current plan and Monte Carlo (no volatility: every trial is the plan)
  const none = { mean: 0, volatility: 0 };
  const scenario = (
    (await (
      await post('customer/calculate/scenario-modelling', {
        household_id: id,
        scenario: {
          monte_carlo: {
            enabled: true,
            trials: 100,
            seed: 7,
            assumptions: { equity: none, bond: none, cash: none, property: none, others: none },
          },
        },
      })
    ).json()) as {
      data: {
        base: { money_runs_out_year: number | null; years: Array<{ year: number; net_worth: number }> };
        monte_carlo: {
          probability_never_runs_out: number;
          bands: Array<{ year: number; percentiles: Record<string, number> }>;
        } | null;
      };
    }
  ).data;
  expect(scenario.monte_carlo?.bands.length).toBeGreaterThan(0);
  // one plan (observation 3): scenario modelling's current plan is the report's plan, year by year, and Monte Carlo
  // with no volatility replays it: every trial (so the median) is the plan's net worth, and the share that never runs
  // out is 1 or 0 as the plan does or does not run out
  expect(scenario.base.money_runs_out_year).toBe(r.money_runs_out_year);
  expect(scenario.base.years.map((y) => [y.year, y.net_worth])).toEqual(
    r.networth.years.map((y) => [y.year, y.net_worth]),
  );
  expect(scenario.monte_carlo?.probability_never_runs_out).toBe(r.money_runs_out_year === null ? 1 : 0);
  const median = new Map(scenario.monte_carlo?.bands.map((b) => [b.year, b.percentiles.p50]));
  expect(r.networth.years.map((y) => median.get(y.year))).toEqual(r.networth.years.map((y) => y.net_worth));
  expect(errors).toEqual([]);
});
