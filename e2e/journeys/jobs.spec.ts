import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeProblems } from './checks';
import { customerPage, signIn, watchPageErrors } from './helpers';

/**
 * Issue 37, long work as jobs in the browser: the advisor runs a scenario's Monte Carlo on the demo household and sees
 * the job's progress bar (its stage in words, pushed over the live socket) and then the probability of success; starts
 * another and cancels it ("Monte Carlo cancelled", the job's row says cancelled); makes the client plan as an export
 * job and sees its progress, then the file. The first progress must show within 300 ms of the click on the server's
 * side (svc-support's test measures the socket's part); here, with the browser's own overhead, within a second.
 * Checked with axe while a job runs and once it is done.
 */
test.describe.configure({ timeout: 240_000 });

const ADVISOR = { 'authorization-type': 'advisor' };
const CSRF = { 'x-requested-with': 'kinfolio' };

/** What the Scenario page posts (contracts' scenarioRunBody): the scenario with its Monte Carlo. */
type RunBody = { scenario: { monte_carlo: { trials?: number } } & Record<string, unknown> } & Record<string, unknown>;

/** The Monte Carlo job the next click makes (from the POST's 202 reply), with the body the page posted. */
const nextJob = (page: Page) =>
  page
    .waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/v1\/customer\/[^/]+\/monte-carlo-jobs$/.test(r.url()),
      { timeout: 30_000 },
    )
    .then(async (r) => {
      expect(r.status()).toBe(202);
      const job = ((await r.json()) as { data: { id: string; status: string } }).data;
      return { ...job, body: r.request().postDataJSON() as RunBody };
    });

test('the advisor runs a Monte Carlo with progress, cancels another, and makes an export with progress', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const { page: customer, householdId } = await customerPage(browser);
  await customer.close();
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const base = `/advisor/customers/${householdId}`;

  // the working scenario runs on load: its figures at once, its Monte Carlo as a job, then the probability
  await page.goto(`${base}/scenario-modelling`);
  await expect(page.getByRole('heading', { name: 'Scenario Modelling' })).toBeVisible();
  await expect(page.getByTestId('probability')).toHaveText(/^\d+(\.\d)?%$/, { timeout: 60_000 });

  // Run scenario with other trials (the same run again would be the kept result, at once): the progress bar with the
  // job's stage, then the probability again
  const bar = page.getByRole('progressbar', { name: 'Monte Carlo progress' });
  // trial counts no other journey uses: the same requester asking for the same run while it is open is answered that
  // job (a double click), and the other journeys sign in as the same advisor on the same household at the same time
  await page.getByLabel('Trials').fill('4321');
  const made = nextJob(page);
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Run scenario' }).click();
  // the first stage the browser shows, in words: queued, starting, projecting the plan, running trials, or done (a
  // run lasts ~0.1 s here)
  await expect(bar).toHaveAttribute('aria-valuetext', /\S/, { timeout: 5_000 });
  const firstProgressMs = Date.now() - clicked;
  test.info().annotations.push({ type: 'first progress (ms, browser)', description: String(firstProgressMs) });
  expect(firstProgressMs).toBeLessThan(1_000);
  const first = await made;
  await expect(page.getByTestId('probability')).toHaveText(/^\d+(\.\d)?%$/, { timeout: 60_000 });
  await expect(bar).toHaveCount(0);
  const row = await page.request.get(`/api/v1/jobs/${first.id}`, { headers: ADVISOR });
  expect(((await row.json()) as { data: { status: string } }).data.status).toBe('done');
  expect(await axeProblems(page, 'scenario modelling, Monte Carlo done')).toEqual([]);

  // another, with more trials, cancelled while it waits behind 8 long runs (a run alone here lasts a fraction of a
  // second: too short to cancel by hand reliably; queued, it waits its turn)
  for (let i = 0; i < 8; i++) {
    const ahead = await page.request.post(`/api/v1/customer/${householdId}/monte-carlo-jobs`, {
      headers: { ...ADVISOR, ...CSRF },
      data: {
        ...first.body,
        scenario: {
          ...first.body.scenario,
          monte_carlo: { ...first.body.scenario.monte_carlo, trials: 19_990 - i },
        },
      },
    });
    expect([ahead.status(), ahead.status() === 202 ? '' : await ahead.text()]).toEqual([202, '']);
  }
  await page.getByLabel('Trials').fill('19876');
  const second = nextJob(page);
  await page.getByRole('button', { name: 'Run scenario' }).click();
  await expect(bar).toHaveAttribute('aria-valuetext', /^Queued/, { timeout: 5_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  const job = await second;
  await expect(page.getByText('Monte Carlo cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run again' })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.getByTestId('probability')).toHaveCount(0);
  expect(await axeProblems(page, 'scenario modelling, Monte Carlo cancelled')).toEqual([]);
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/v1/jobs/${job.id}`, { headers: ADVISOR });
        return ((await r.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 10_000 },
    )
    .toBe('cancelled');

  // the client plan as an export job: its progress, then the file
  await page.goto(`${base}/profile`);
  await page.getByRole('button', { name: 'Client plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Client plan' });
  await expect(dialog.getByRole('list', { name: 'Sections of the plan' }).getByRole('listitem').first()).toBeVisible({
    timeout: 30_000,
  });
  const downloaded = page.waitForEvent('download', { timeout: 180_000 });
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  const planBar = dialog.getByRole('progressbar', { name: 'Making the client plan' });
  await expect(planBar).toBeVisible({ timeout: 30_000 });
  await expect(planBar).toHaveAttribute('aria-valuenow', /^\d+$/);
  const download = await downloaded;
  expect(
    readFileSync(await download.path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');
  await expect(planBar).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByText('The plan is ready.')).toBeVisible();

  expect(errors).toEqual([]);
});
