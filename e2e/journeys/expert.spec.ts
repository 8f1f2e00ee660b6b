import { type Browser, expect, type Page, test } from '@playwright/test';
import { openPublicPage, signIn, signInCustomer, watchPageErrors } from './helpers';

/**
 * Issue 15, expert positioning: the admin defines an advisor meta field; the advisor fills it in and adds a
 * testimonial; the customer rates and reviews their advisor; the advisor publishes the review; a visitor on the
 * advisor's sub-domain sees all of it (and is offered no advisor sign-up).
 */
test.describe.configure({ timeout: 180_000 });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("an advisor's meta data, testimonial and a customer's published review reach the public page", async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const t = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const field = `Languages spoken ${t}`;
  const quote = `Dana planned our retirement ${t}.`;
  const reviewText = `Clear, patient advice ${t}.`;
  // this run's own value (a retry's page also shows the field the first attempt added)
  const spoken = `English, Malay (${t})`;

  // The admin adds the profile field advisors fill in.
  await signIn(page, 'admin@kinfolio.test');
  await expect(page).toHaveURL(/\/admin-dashboard\//);
  await page.goto('/admin-dashboard/advisor-meta');
  await expect(page.getByRole('heading', { level: 1, name: 'Advisor meta data' })).toBeVisible();
  await page.getByRole('button', { name: 'Add field' }).click();
  const fieldDialog = page.getByRole('dialog', { name: 'Add field' });
  await fieldDialog.getByLabel('Title').fill(field);
  await fieldDialog.getByRole('button', { name: 'Save field' }).click();
  await expect(page.getByRole('cell', { name: field, exact: true })).toBeVisible();

  // The advisor fills it in on Expert Positioning and adds a testimonial.
  const advisor = await newPage(browser);
  const advisorErrors = watchPageErrors(advisor);
  await signIn(advisor, 'advisor@kinfolio.test');
  await expect(advisor).toHaveURL(/\/advisor\//);
  await advisor.getByRole('link', { name: 'Expert Positioning' }).first().click();
  await expect(advisor.getByRole('heading', { level: 1, name: 'Expert Positioning' })).toBeVisible();
  await advisor.getByLabel(field).fill(spoken);
  await advisor.getByRole('button', { name: 'Save meta data' }).click();
  await expect(advisor.getByText('Your profile meta data was saved.')).toBeVisible();
  await advisor.getByRole('button', { name: 'Add testimonial' }).click();
  const tDialog = advisor.getByRole('dialog', { name: 'Add testimonial' });
  await tDialog.getByLabel('Customer name').fill('Siti Rahman');
  await tDialog.getByLabel(/^Designation/).fill('Teacher');
  await tDialog.getByRole('textbox', { name: 'Testimonial', exact: true }).fill(quote);
  await tDialog.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(tDialog).toBeHidden();
  await expect(advisor.getByRole('list', { name: 'Your testimonials' }).getByText(quote)).toBeVisible();
  await expect(advisor.getByTestId('public-preview').getByText(quote)).toBeVisible();

  // The customer rates their advisor from the dashboard.
  const customer = await newPage(browser);
  const customerErrors = watchPageErrors(customer);
  await signInCustomer(customer, 'customer@kinfolio.test');
  await expect(customer).toHaveURL(/\/customer\/dashboard/);
  await customer.getByRole('button', { name: 'Rate your advisor' }).click();
  const rDialog = customer.getByRole('dialog', { name: /Rate your advisor|Edit your review/ });
  await rDialog.getByRole('radio', { name: '5 stars: Excellent' }).check({ force: true });
  await rDialog.getByRole('textbox', { name: 'Review', exact: true }).fill(reviewText);
  await rDialog.getByRole('button', { name: 'Send review' }).click();
  await expect(customer.getByText('Thank you for your review.')).toBeVisible();
  await expect(customer.getByText('Not public: your advisor chooses which reviews appear.')).toBeVisible();

  // The advisor sees it and publishes it.
  await advisor.reload();
  const item = advisor
    .getByRole('list', { name: 'Reviews from your customers' })
    .getByRole('listitem')
    .filter({ hasText: reviewText });
  await expect(item).toBeVisible();
  const publish = item.getByRole('checkbox', { name: 'Show on my public page' });
  await expect(publish).not.toBeChecked();
  await publish.check();
  await expect(publish).toBeChecked();
  await expect(advisor.getByTestId('public-preview').getByText(reviewText)).toBeVisible();

  // A visitor on the advisor's sub-domain sees the meta data, the testimonial and the review with the rating.
  const here = new URL(page.url());
  const visitor = await newPage(browser);
  const visitorErrors = watchPageErrors(visitor);
  await openPublicPage(visitor, `${here.protocol}//demo-advisor.${here.host}/home`, (v) => v.getByText(reviewText));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Demo Advisor' })).toBeVisible();
  await expect(visitor.getByText(field, { exact: true })).toBeVisible();
  await expect(visitor.getByText(spoken, { exact: true })).toBeVisible();
  await expect(visitor.getByText(quote)).toBeVisible();
  await expect(visitor.getByText('Siti Rahman, Teacher')).toBeVisible();
  await expect(visitor.getByText(reviewText)).toBeVisible();
  await expect(visitor.getByText(/out of 5 from \d+ reviews?/)).toBeVisible();
  await expect(visitor.getByRole('link', { name: '14-Day Free Trial' })).toHaveCount(0);
  // At 360 px nothing scrolls sideways.
  await visitor.setViewportSize({ width: 360, height: 740 });
  const overflow = await visitor.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  expect([...errors, ...advisorErrors, ...customerErrors, ...visitorErrors]).toEqual([]);
});
