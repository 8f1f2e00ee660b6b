import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeProblems, overflow } from './checks';
import { customerPage, signIn, watchPageErrors } from './helpers';

/**
 * Issue 13, what a person does: the advisor adds a CPF account with a beneficiary, a fund portfolio with two holdings
 * (balanced 60/40) and a recurring transaction with an unpaid date, and a mortgage with a rental income, a co-owner at
 * 50% and instalment transactions (then bulk-edits them: one removed, one changed), then sees the loan's schedule
 * (agreeing with its outstanding balance) and the property's sale plan; the co-owner's view is scaled to their half;
 * the customer (a customer of the same advisor) sees the same, read-only. Checked with axe and at phone width on the way.
 */
test.describe.configure({ timeout: 240_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const digits = async (l: Locator) => Number(((await l.textContent()) ?? '').replace(/[^\d-]/g, ''));

async function noAxeProblems(page: Page, label: string) {
  expect(await axeProblems(page, label)).toEqual([]);
}

async function saveAndGoToSummary(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const saved = page.getByRole('dialog', { name: 'Saved Successfully!' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: /Go to Summary Now/ }).click();
}

/** Picks the household member whose option ends with `(relation)` in a member select. */
async function chooseMember(select: Locator, relation: string) {
  const value = await select
    .locator('option', { hasText: `(${relation})` })
    .first()
    .getAttribute('value');
  await select.selectOption(value ?? '');
}

test('the advisor records CPF, a portfolio and a shared mortgage; the co-owner sees half; the customer reads', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const t = tag();
  const cpf = `CPF ${t}`;
  const core = `Core ${t}`;
  const home = `Home ${t}`;
  const { page: customer, householdId } = await customerPage(browser);

  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const report = `/advisor/customers/${householdId}/financial-report`;

  // a CPF account, step by step (the draft is named in the address)
  await page.goto(`${report}/funds?activeTab=pension`);
  await expect(page.getByRole('heading', { name: 'Funds', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Add pension account' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Account' })).toBeVisible();
  await page.getByLabel('Scheme', { exact: false }).selectOption('CPF');
  await page.getByLabel('Account name', { exact: false }).fill(cpf);
  await noAxeProblems(page, 'pension editor');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Balances' })).toBeVisible();
  await expect(page).toHaveURL(/draft=/);
  await page.getByLabel('CPF Ordinary Account (OA)', { exact: false }).fill('60000');
  await page.getByLabel('CPF MediSave Account (MA)', { exact: false }).fill('20000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Monthly wage', { exact: false }).fill('6000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 5: Retirement' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  // its beneficiary: the spouse, 100%
  await expect(page.getByRole('heading', { name: 'Step 5 of 5: Beneficiaries and transactions' })).toBeVisible();
  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  const ben = page.getByRole('group', { name: 'Beneficiary 1' });
  await chooseMember(ben.getByLabel('Household member', { exact: false }), 'Spouse');
  await ben.getByLabel('Relationship', { exact: false }).fill('Wife');
  await ben.getByLabel('Percentage (%)', { exact: false }).fill('100');
  await noAxeProblems(page, 'beneficiaries step');
  await saveAndGoToSummary(page, 'Save pension account');
  const pensions = page.getByRole('region', { name: 'Pension accounts' });
  await expect(pensions.getByRole('row', { name: new RegExp(cpf) })).toContainText('OA SGD 60,000');
  await expect(pensions.getByRole('row', { name: new RegExp(cpf) })).toContainText('SGD 80,000');
  const beneficiaries = page.getByRole('region', { name: `Beneficiaries of ${cpf}` });
  await expect(beneficiaries.getByRole('row', { name: /Wife/ })).toContainText('100%');

  // a portfolio with two holdings (the add link carries add_fund and the step parameter)
  await page.getByRole('link', { name: 'Investment', exact: true }).click();
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await expect(page).toHaveURL(/add_fund=true&step=investment/);
  await page.getByLabel('Plan name', { exact: false }).fill(core);
  await page.getByLabel('Current value', { exact: false }).fill('10000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 5: Holdings' })).toBeVisible();
  for (const [i, name, equity, bond, allocation] of [
    [1, 'World Equity', '100', '0', '60'],
    [2, 'Global Bond', '0', '100', '40'],
  ] as const) {
    await page.getByRole('button', { name: 'Add holding' }).click();
    const box = page.getByRole('group', { name: `Holding ${i}` });
    await box.getByLabel('Name', { exact: true }).fill(name);
    await box.getByLabel(/^Value/).fill('5000');
    await box.getByLabel('Equity (%)', { exact: false }).fill(equity);
    await box.getByLabel('Bonds (%)', { exact: false }).fill(bond);
    await box.getByLabel('Allocation of new money (%)', { exact: false }).fill(allocation);
  }
  await noAxeProblems(page, 'holdings step');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  // a monthly deposit from January 2025, March's unpaid
  await expect(
    page.getByRole('heading', { name: 'Step 5 of 5: Transactions, beneficiaries and contingent owners' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add transaction' }).click();
  const deposit = page.getByRole('group', { name: 'Transaction 1' });
  await deposit.getByLabel('Paid', { exact: true }).selectOption('recurring');
  await deposit.getByLabel('Amount', { exact: true }).fill('500');
  await deposit.getByLabel(/^Frequency/).selectOption('monthly');
  await deposit.getByLabel(/^Start date/).fill('2025-01-01');
  await deposit.getByLabel(/^Unpaid dates/).fill('2025-03-01');
  await noAxeProblems(page, 'portfolio transactions step');
  await saveAndGoToSummary(page, 'Save portfolio');
  const holdings = page.getByRole('region', { name: `Holdings of ${core}` });
  await expect(holdings).toContainText('World Equity');
  await expect(holdings).toContainText('Global Bond');
  await expect(holdings).toContainText('SGD 10,000');
  const deposits = page.getByRole('region', { name: `Transactions of ${core}` });
  await expect(deposits.getByRole('row', { name: /Deposit/ })).toContainText('Monthly from 2025-01-01');
  await expect(deposits.getByRole('row', { name: /Deposit/ })).toContainText('2025-03-01');

  // a mortgage with a rental income, owned half by the spouse
  await page.goto(`${report}/debt`);
  await page.getByRole('link', { name: 'Add loan' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Loan' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(home);
  await page.getByLabel('Loan amount', { exact: false }).fill('500000');
  await page.getByLabel('Interest (% a year)', { exact: false }).fill('3');
  await page.getByLabel('Tenure (years)', { exact: false }).fill('25');
  await page.getByLabel('Starting year', { exact: false }).fill('2020');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Purchase and costs' })).toBeVisible();
  await page.getByLabel('Purchase price', { exact: false }).fill('700000');
  await page.getByLabel('Market value', { exact: false }).fill('800000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Selling year', { exact: false }).fill('2030');
  await page.getByLabel('Selling price', { exact: false }).fill('900000');
  await page.getByLabel('Pension used, to refund at sale', { exact: false }).fill('100000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 5: Owners and rental income' })).toBeVisible();
  await page.getByRole('button', { name: 'Add owner' }).click();
  const o1 = page.getByRole('group', { name: 'Owner 1' });
  await chooseMember(o1.getByLabel('Household member', { exact: false }), 'Spouse');
  await o1.getByLabel('Percentage (%)', { exact: false }).fill('50');
  await page.getByRole('button', { name: 'Add owner' }).click();
  const o2 = page.getByRole('group', { name: 'Owner 2' });
  await chooseMember(o2.getByLabel('Household member', { exact: false }), 'Me');
  await o2.getByLabel('Percentage (%)', { exact: false }).fill('50');
  await page.getByRole('button', { name: 'Add rental income' }).click();
  const rent = page.getByRole('group', { name: 'Rental income 1' });
  await rent.getByLabel('Rent a month', { exact: false }).fill('2000');
  await rent.getByLabel('From', { exact: true }).fill('2025-01-01');
  await noAxeProblems(page, 'owners and rental income step');
  await page.getByRole('button', { name: 'Next' }).click();
  // two runs of instalments, sent as the loan's whole list in one call
  await expect(page.getByRole('heading', { name: 'Step 5 of 5: Instalment transactions' })).toBeVisible();
  for (const [i, amount, start, end] of [
    [1, '2400', '2020-01-01', '2024-12-01'],
    [2, '2500', '2025-01-01', ''],
  ] as const) {
    await page.getByRole('button', { name: 'Add instalment transaction' }).click();
    const run = page.getByRole('group', { name: `Instalment transaction ${i}` });
    await run.getByLabel('Amount', { exact: true }).fill(amount);
    await run.getByLabel('Start date', { exact: true }).fill(start);
    if (end) await run.getByLabel(/^End date/).fill(end);
  }
  await noAxeProblems(page, 'instalment transactions step');
  await saveAndGoToSummary(page, 'Save loan or property');
  const instalments = page
    .getByRole('region', { name: new RegExp(`^${home}`) })
    .getByRole('region', { name: `Instalment transactions of ${home}` });
  await expect(instalments.getByRole('row', { name: /Instalment/ })).toHaveCount(2);
  // bulk edit: the first run removed, the second's amount changed
  await page.getByRole('link', { name: `Edit ${home}` }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 5 of 5: Instalment transactions' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove instalment transaction 1' }).click();
  await page
    .getByRole('group', { name: 'Instalment transaction 1' })
    .getByLabel('Amount', { exact: true })
    .fill('2600');
  await saveAndGoToSummary(page, 'Save loan or property');
  await expect(instalments.getByRole('row', { name: /Instalment/ })).toHaveCount(1);
  await expect(instalments.getByRole('row', { name: /Instalment/ })).toContainText('SGD 2,600');
  await expect(instalments.getByRole('row', { name: /Instalment/ })).toContainText('Monthly from 2025-01-01');

  // the loan: the schedule's balance now is the outstanding balance shown beside it
  const loan = page.getByRole('region', { name: new RegExp(`^${home}`) });
  await expect(loan.getByTestId('loan-outstanding')).toBeVisible();
  const outstandingText = (await loan.getByTestId('loan-outstanding').textContent()) ?? '';
  const outstanding = await digits(loan.getByTestId('loan-outstanding'));
  expect(outstanding).toBeGreaterThan(0);
  expect(outstanding).toBeLessThan(500000);
  await loan.getByText(/^Amortisation schedule/).click();
  const nowRow = loan.getByRole('region', { name: `Amortisation schedule of ${home}` }).getByRole('row', {
    name: /Outstanding now/,
  });
  await expect(nowRow.locator('td').nth(3)).toHaveText(outstandingText);
  await loan.getByRole('button', { name: 'Table' }).click();
  await expect(loan.getByRole('region', { name: `Outstanding balance by year of ${home}` })).toContainText('2044');
  await noAxeProblems(page, 'debt');

  // the co-owner's view: half of the loan
  await page.getByLabel('Figures for', { exact: false }).selectOption({ label: 'Mei Lin (Spouse): their share' });
  await expect(loan.getByTestId('view-outstanding')).toBeVisible();
  expect(Math.abs((await digits(loan.getByTestId('view-outstanding'))) * 2 - outstanding)).toBeLessThanOrEqual(2);

  // the property: its sale plan
  await page.goto(`${report}/property`);
  const plan = page.getByRole('region', { name: `Sale plan of ${home}` });
  await expect(plan).toContainText('CPF refund (Incl Legal Fee + Stamp Duty)');
  await expect(plan.getByTestId('net-proceeds')).toBeVisible();
  await expect(page.getByRole('region', { name: `Property-gain tax by holding period of ${home}` })).toBeVisible();
  await noAxeProblems(page, 'property');

  // at phone width: no sideways scroll (tables scroll inside their card)
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${report}/debt`);
  await expect(page.getByRole('region', { name: new RegExp(`^${home}`) })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // the customer: the same, read-only
  await customer.goto('/customer/dashboard/financial-report/funds?activeTab=pension');
  await expect(customer.getByRole('region', { name: 'Pension accounts' })).toContainText(cpf);
  await expect(customer.getByRole('link', { name: 'Add pension account' })).toHaveCount(0);
  await expect(customer.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await customer.goto('/customer/dashboard/financial-report/funds?activeTab=investment');
  await expect(customer.getByRole('region', { name: `Holdings of ${core}` })).toContainText('Global Bond');
  await expect(customer.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await noAxeProblems(customer, 'customer funds');
  await customer.goto('/customer/dashboard/financial-report/debt');
  const custLoan = customer.getByRole('region', { name: new RegExp(`^${home}`) });
  await expect(custLoan.getByTestId('loan-outstanding')).toHaveText(outstandingText);
  await expect(customer.getByRole('link', { name: 'Add loan' })).toHaveCount(0);
  await noAxeProblems(customer, 'customer debt');
  await customer.setViewportSize({ width: 360, height: 780 });
  expect(await overflow(customer)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});
