/** @jest-environment jsdom */
import { INSURANCE_PLAN_TYPES } from '@kinfolio/contracts/src/plan-types';
import { UNDO_DELETE_MS } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const HH = '00000000-0000-4000-8000-0000000000c1';
const ME = '00000000-0000-4000-8000-0000000000d1';
const SP = '00000000-0000-4000-8000-0000000000d2';
const P1 = '00000000-0000-4000-8000-0000000000f1';
const P2 = '00000000-0000-4000-8000-0000000000f2';
const B1 = '00000000-0000-4000-8000-0000000000b1';
const NEW_ID = '00000000-0000-4000-8000-0000000000aa';
const REF_PLAN = '00000000-0000-4000-8000-0000000000ab';
const REF_CO = '00000000-0000-4000-8000-0000000000ac';
const { calls } = stub;
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
let postReply: (path: string) => Promise<unknown> = () => Promise.resolve({ id: NEW_ID });

const member = (id: string, relation: string, name: string, age: number) => ({
  id,
  household_id: HH,
  name,
  gender: 'male',
  relation,
  age,
  holding_pr: false,
  status: 'active',
  position: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});
const household = {
  id: HH,
  name: 'Alex Tan',
  gender: 'male',
  age: 42,
  currency: 'SGD',
  marital_status: 'married',
  dependencies: [],
  children_count: 0,
  citizenship: 'citizen',
  members: [member(ME, 'me', 'Alex Tan', 42), member(SP, 'spouse', 'Mei Lin', 40)],
};
const meta = { lead_id: HH, created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' };
const policy = (id: string, position: number, extra: Record<string, unknown> = {}) => ({
  ...meta,
  id,
  position,
  member_id: ME,
  plan_id: 'custom',
  plan_type: 'Whole Life',
  frequency: 'annual',
  premium: 2400,
  currency: 'SGD',
  premium_loading: 0,
  policy_date: '2020-01-15',
  unpaid_at: [],
  prorate: false,
  integrated_plan: { type: 'basic' },
  custom_company_name: 'Great Eastern',
  plan_name: `Plan ${position + 1}`,
  payment_type: 'cash',
  premium_detail: { ignore_total_premium_paid: false, spread_over_years: 2 },
  retirement: { maturity_age: 100, growth_rate: 5 },
  owners: [],
  insured_name: 'Alex Tan',
  insured_age: 42,
  maturity_year: 2084,
  years_to_mature: 58,
  annualised_premium: 2400,
  total_premium: 16800,
  premium_source: 'transactions',
  beneficiary_percentage_total: 0,
  share: 1,
  view: {
    premium: 2400,
    annualised_premium: 2400,
    total_premium: 16800,
    cash_value: null,
    fund_value: null,
    projected_maturity_value: 150000,
  },
  plans: [],
  boosters: [],
  coverages: [],
  benefits: [],
  cash_payouts: [],
  beneficiaries: [],
  contingent_owners: [],
  transactions: [],
  funds: [],
  ...extra,
});
let policies: unknown[] = [];
let draft: unknown = null;
const coverage = {
  lead_id: HH,
  currency: 'SGD',
  members: [
    {
      member_id: ME,
      name: 'Alex Tan',
      age: 42,
      annual_income: 102000,
      rows: [
        {
          member_id: ME,
          name: 'Alex Tan',
          age: 42,
          benefit_type: 'Death',
          label: 'Death',
          benefit_position: 0,
          currency: 'SGD',
          cover: 500000,
          unlimited: false,
          until_age: 100,
          policies: [
            {
              insurance_id: P1,
              benefit_id: B1,
              benefit_type: 'Death',
              plan_name: 'Plan 1',
              amount: 500000,
              until_age: 100,
            },
          ],
          target: 800000,
          target_id: '00000000-0000-4000-8000-0000000000e9',
          target_source: 'advisor',
          threshold: null,
          gap: 300000,
        },
        {
          member_id: ME,
          name: 'Alex Tan',
          age: 42,
          benefit_type: 'Major Illness',
          label: 'Critical illness',
          benefit_position: 2,
          currency: 'SGD',
          cover: 250000,
          unlimited: false,
          until_age: 99,
          policies: [
            {
              insurance_id: P1,
              benefit_id: '00000000-0000-4000-8000-0000000000b2',
              benefit_type: 'Early Critical Illness',
              plan_name: 'Plan 1',
              amount: 250000,
              until_age: 99,
            },
          ],
          target: 408000,
          target_id: null,
          target_source: 'threshold',
          threshold: {
            key: 'critical_illness_cover_multiple',
            label: 'Critical illness cover (multiple of annual income)',
            multiple: 4,
            annual_income: 102000,
          },
          gap: 158000,
        },
      ],
    },
  ],
  totals: { cover: 750000, target: 1208000, gap: 458000 },
};
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 200 });

/** The premium lookup of the reference plan: a table with a woman of 42 only (1,596.50 a year), as the service says. */
function premiumReply(q: Record<string, unknown>) {
  const her = q.member_id === SP;
  const base = {
    plan_id: REF_PLAN,
    member_id: q.member_id,
    gender: her ? 'female' : 'male',
    age: her ? 42 : 44,
    age_on: q.policy_date ?? '2026-11-28',
    frequency: q.frequency,
    currency: 'SGD',
  };
  if (!her)
    return {
      ...base,
      annual_premium: null,
      premium: null,
      message: "This plan's premium table has no premium for a man aged 44: type the premium.",
    };
  const per = { annual: 1596.5, monthly: 133.04, quarterly: 399.13, semi_annual: 798.25 }[String(q.frequency)];
  return { ...base, annual_premium: 1596.5, premium: per ?? null, message: null };
}

/** The API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  const { path } = c;
  if (c.method === 'GET') {
    if (path.startsWith('single-lead/')) return household;
    if (path === `customer/${HH}/insurance`) return page(policies);
    if (path === 'customer/insurance-coverage-by-member') return coverage;
    if (path === 'user/form-steps-draft/dr9/read') return draft;
    if (path === 'customer/insurance-plans')
      return [
        { id: 'custom', name: 'Custom', insurance_company: null, company_name: null, plan_type: null },
        { id: REF_PLAN, name: 'LifeShield', insurance_company: REF_CO, company_name: 'AIA', plan_type: 'Whole Life' },
      ];
    if (path === `customer/insurance-plans/${REF_PLAN}/premium`) return premiumReply(c.query ?? {});
    if (path === 'insurance/plan-types')
      return [
        { id: 'whole-life', name: 'Whole Life', category: 'life', investment_linked: false, position: 0 },
        { id: 'term', name: 'Term Life', category: 'life', investment_linked: false, position: 1 },
      ];
    if (path === 'customer/insurance-projections-tables')
      return [
        {
          insurance_id: P1,
          plan_name: 'Plan 1',
          currency: 'SGD',
          premium_schedule: [{ date: '2020-01-15', amount: 2400, policy_year: 1 }],
          years: [],
        },
      ];
    return page([]);
  }
  if (c.method === 'POST') return postReply(path);
  if (c.method === 'PATCH') return { id: 'x' };
  if (c.method === 'DELETE') return { message: 'Deleted' };
  return undefined;
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
let where = '';
function Where() {
  const l = useLocation();
  where = `${l.pathname}${l.search}`;
  return null;
}
async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/customers/:customerId/*" element={<App />} />
        <Route path="/customer/dashboard/*" element={<App />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
  await flush();
}
const INSURANCE = `/advisor/customers/${HH}/financial-report/insurance`;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

beforeEach(() => {
  calls.length = 0;
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
  postReply = () => Promise.resolve({ id: NEW_ID });
  policies = [
    policy(P1, 0, {
      benefits: [
        {
          ...meta,
          id: B1,
          position: 0,
          insurance_id: P1,
          type: 'Death',
          benefit_position: 0,
          investment_linked: false,
          expiry_age: 100,
          duration: 1,
          payout: { lump_sum_payout: { currency: 'SGD', amount: 500000 } },
          amount: 500000,
        },
      ],
      beneficiaries: [{ id: 'bn', name: 'Mei Lin', relationship: 'Spouse', percentage: 100 }],
      withdrawal_limit: { amount: 1000, coupon: 50 },
      common_note: 'Bought in 2020',
      source_of_funds: 'Salary',
      transactions: [
        {
          ...meta,
          id: 'tx',
          position: 0,
          insurance_id: P1,
          type: 'custom',
          transaction_date: '2023-05-01',
          transaction_type: 'withdrawal',
          payment_type: 'cash',
          amount: 700,
          currency: 'SGD',
          unpaid_at: [],
        },
      ],
    }),
    policy(P2, 1, { insured_name: '', insured_age: null, maturity_year: null, years_to_mature: null }),
  ];
});

describe('insurance list by member', () => {
  it('groups the policies by insured member and shows the maturity tooltip after 150 ms', async () => {
    jest.useFakeTimers();
    try {
      await renderAt(INSURANCE);
      const group = screen.getByRole('region', { name: 'Policies of Alex Tan' });
      const link = within(group).getByRole('link', { name: 'Plan 1' });
      const tipId = link.getAttribute('aria-describedby') as string;
      const tip = document.getElementById(tipId) as HTMLElement;
      expect(tip.hidden).toBe(true);
      fireEvent.mouseEnter(link);
      act(() => jest.advanceTimersByTime(149));
      expect(tip.hidden).toBe(true);
      act(() => jest.advanceTimersByTime(1));
      expect(tip.hidden).toBe(false);
      expect([...tip.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
        'Insured Name',
        'Maturity Year',
        'Years to Maturity',
      ]);
      expect([...tip.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Alex Tan (Age 42)', '2084', '58']);
      // the second policy: no name, no maturity: empty name and NA
      const tip2 = document.getElementById(
        within(group).getByRole('link', { name: 'Plan 2' }).getAttribute('aria-describedby') as string,
      ) as HTMLElement;
      expect([...tip2.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['', 'NA', 'NA']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens the tooltip on keyboard focus too, and Escape closes it', async () => {
    jest.useFakeTimers();
    try {
      await renderAt(INSURANCE);
      const link = screen.getByRole('link', { name: 'Plan 1' });
      const tip = document.getElementById(link.getAttribute('aria-describedby') as string) as HTMLElement;
      fireEvent.focus(link);
      act(() => jest.advanceTimersByTime(150));
      expect(tip.hidden).toBe(false);
      fireEvent.keyDown(link, { key: 'Escape' });
      expect(tip.hidden).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reorders two policies by keyboard with the positions call', async () => {
    await renderAt(INSURANCE);
    fireEvent.click(screen.getByRole('button', { name: 'Move Plan 1 down' }));
    await flush();
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: 'customer/bulk-update/insurance/positions',
      body: {
        lead_id: HH,
        positions: [
          { id: P2, position: 0 },
          { id: P1, position: 1 },
        ],
      },
    });
    const links = within(screen.getByRole('region', { name: 'Policies of Alex Tan' })).getAllByRole('link', {
      name: /^Plan/,
    });
    expect(links.map((l) => l.textContent)).toEqual(['Plan 2', 'Plan 1']);
  });

  it('reorders by dragging a row onto another', async () => {
    await renderAt(INSURANCE);
    const rows = document.querySelectorAll('tr[draggable="true"]');
    const data = { setData: jest.fn(), getData: () => '1', effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(rows[1] as Element, { dataTransfer: data });
    fireEvent.dragOver(rows[0] as Element, { dataTransfer: data });
    fireEvent.drop(rows[0] as Element, { dataTransfer: data });
    await flush();
    expect((calls.find((c) => c.method === 'PATCH')?.body as { positions?: unknown[] } | undefined)?.positions).toEqual(
      [
        { id: P2, position: 0 },
        { id: P1, position: 1 },
      ],
    );
  });

  it("shows a member's share of the policies (§6) with ?view=", async () => {
    await renderAt(INSURANCE);
    type(screen.getByLabelText('Figures for', { exact: false }), SP);
    await flush();
    expect(calls.filter((c) => c.path === `customer/${HH}/insurance`).pop()?.query).toEqual({
      page_size: 200,
      view: SP,
    });
    expect(where).toContain(`view=${SP}`);
    expect(screen.getAllByRole('columnheader', { name: 'Share' }).length).toBe(1);
  });

  it('shows coverage by member with the policies, age and gap, in a chart and a table', async () => {
    await renderAt(INSURANCE);
    const table = screen.getByRole('region', { name: 'Coverage of Alex Tan' });
    const row = within(table).getByRole('rowheader', { name: 'Death' }).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'SGD 500,000',
      '100',
      'Plan 1: SGD 500,000 to age 100',
      "SGD 800,000Advisor's target",
      'SGD 300,000',
      'Edit target',
    ]);
    expect(screen.getByRole('list', { name: 'Cover of Alex Tan by benefit type' }).textContent).toContain(
      'Gap SGD 300,000',
    );
  });

  it('each coverage figure opens how it was calculated, by its id in the contract (issue 34)', async () => {
    await renderAt(INSURANCE);
    const region = screen.getByRole('region', { name: 'Coverage of Alex Tan' });
    const ids = (el: Element) =>
      [...el.querySelectorAll('button[data-figure]')].map((b) => b.getAttribute('data-figure'));
    expect(ids(screen.getByTestId('coverage-headline'))).toEqual([
      'insurance:total:cover',
      'insurance:total:target',
      'insurance:total:gap',
    ]);
    expect(ids(region)).toEqual([
      `insurance:${ME}:Death:cover`,
      `insurance:${ME}:Death:target`,
      `insurance:${ME}:Death:gap`,
      `insurance:${ME}:Major Illness:cover`,
      `insurance:${ME}:Major Illness:target`,
      `insurance:${ME}:Major Illness:gap`,
    ]);
    // the figure is the button, drawn as the figure was
    expect(within(region).getByRole('button', { name: 'SGD 300,000' }).getAttribute('data-figure')).toBe(
      `insurance:${ME}:Death:gap`,
    );
  });

  it('issue 31 (5): one story: the headline is the sum of the rows; an early CI benefit is critical-illness cover against the threshold', async () => {
    await renderAt(INSURANCE);
    const table = screen.getByRole('region', { name: 'Coverage of Alex Tan' });
    const ci = within(table).getByRole('rowheader', { name: 'Critical illness' }).closest('tr') as HTMLElement;
    expect([...ci.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'SGD 250,000',
      '99',
      'Plan 1 (Early Critical Illness): SGD 250,000 to age 99',
      'SGD 408,000Planning threshold: 4 × annual income SGD 102,000',
      'SGD 158,000',
      'Set target',
    ]);
    // the headline: cover 500,000 + 250,000, targets 800,000 + 408,000, gap 300,000 + 158,000 (the rows above)
    expect(screen.getByTestId('coverage-headline').textContent).toBe(
      'All members: cover SGD 750,000, targets SGD 1,208,000, gap SGD 458,000.',
    );
    expect(screen.getByTestId('gap-definition').textContent).toMatch(/^Gap = target − cover \(never below 0\)/);
    // the advisor's own target is set on the critical-illness row (no separate early CI target)
    fireEvent.click(screen.getByRole('button', { name: 'Set target for Critical illness, Alex Tan' }));
    const form = screen.getByRole('form', { name: 'Target cover for Alex Tan' });
    const select = within(form).getByLabelText('Benefit type', { exact: false }) as HTMLSelectElement;
    expect(select.value).toBe('Major Illness');
    expect([...select.options].map((o) => o.textContent)).not.toContain('Early Critical Illness');
  });

  it('fetches and draws coverage by member only when the reader scrolls near it (spec §9 lazy-load)', async () => {
    // the page laid out tall: everything 3,000 px down, out of view (jsdom has no layout of its own)
    let top = 3000;
    const rect = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(
        () => ({ top, bottom: top + 50, left: 0, right: 400, width: 400, height: 50, x: 0, y: top }) as DOMRect,
      );
    try {
      await renderAt(INSURANCE);
      expect(screen.getByRole('heading', { name: 'Coverage by member' })).toBeInstanceOf(Element);
      expect(screen.getByText('Loading the coverage by member')).toBeInstanceOf(Element);
      expect(calls.filter((c) => c.path === 'customer/insurance-coverage-by-member')).toEqual([]);
      top = 300;
      fireEvent.scroll(window);
      await flush();
      expect(calls.filter((c) => c.path === 'customer/insurance-coverage-by-member')).toHaveLength(1);
      expect(screen.getByRole('region', { name: 'Coverage of Alex Tan' })).toBeInstanceOf(Element);
    } finally {
      rect.mockRestore();
    }
  });

  it('the advisor sets a target for a benefit type', async () => {
    await renderAt(INSURANCE);
    fireEvent.click(screen.getByRole('button', { name: 'Add a target for Alex Tan' }));
    const form = screen.getByRole('form', { name: 'Target cover for Alex Tan' });
    type(within(form).getByLabelText('Benefit type', { exact: false }), 'Major Illness');
    type(within(form).getByLabelText('Target (SGD)', { exact: false }), '200000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save target' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'customer/insurance-coverage-target',
      body: { lead_id: HH, member_id: ME, benefit_type: 'Major Illness', currency: 'SGD', amount: 200000 },
    });
  });

  it('the customer sees the same list, coverage and detail read-only', async () => {
    stub.user = { id: 'u9', type: 'customer', name: 'Alex Tan' };
    await renderAt('/customer/dashboard/financial-report/insurance');
    expect(screen.getByRole('link', { name: 'Plan 1' })).toBeInstanceOf(Element);
    expect(screen.getByRole('region', { name: 'Coverage of Alex Tan' }).textContent).toContain('SGD 300,000');
    expect(screen.queryByRole('button', { name: /Move|Delete|target/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Add policy|Edit/ })).toBeNull();
    expect(document.querySelector('tr[draggable="true"]')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Plan 1' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Plan 1' })).toBeInstanceOf(Element);
    expect(screen.queryByRole('link', { name: 'Edit policy' })).toBeNull();
  });
});

describe('policy detail', () => {
  it("shows the spec's labels, benefits, beneficiaries, transactions and the premium schedule", async () => {
    await renderAt(`${INSURANCE}?policy=${P1}`);
    const facts = Object.fromEntries(
      [...document.querySelectorAll('dl dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Premium: 'SGD 2,400',
      'Annualised Premium': 'SGD 2,400',
      'Policy Date': '2020-01-15',
      'Premium End Date': 'NA',
      Mode: 'Annual',
      'Surrender Value': 'NA',
      'Projected Maturity Value': 'SGD 150,000',
      // issue 31: the premiums paid to date, and the schedule they come from
      'Total Premium': 'SGD 16,800 paid to date, from the premium transactions',
      'Withdrawal Limit': 'SGD 1,000',
      Coupon: 'SGD 50',
      'Total Withdrawal': 'SGD 700',
      Note: 'Bought in 2020',
      'Source Of Funds': 'Salary',
    });
    expect(screen.getByRole('region', { name: 'Benefits of Plan 1' }).textContent).toContain('SGD 500,000');
    expect(screen.getByRole('region', { name: 'Beneficiaries' }).textContent).toContain('Mei Lin');
    expect(screen.getByRole('region', { name: 'Premium schedule of Plan 1' }).textContent).toContain('2020-01-15');
  });

  it('reorders benefits and plans with their positions calls', async () => {
    const p1 = policies[0] as Record<string, unknown>;
    const benefit = (p1.benefits as unknown[])[0] as Record<string, unknown>;
    p1.benefits = [benefit, { ...benefit, id: 'b2', type: 'Disability', benefit_position: 1, position: 1 }];
    p1.plans = [
      { ...meta, id: 'pl1', position: 0, insurance_id: P1, currency: 'SGD', name: 'Base', data_by_age: [] },
      { ...meta, id: 'pl2', position: 1, insurance_id: P1, currency: 'SGD', name: 'Top-up', data_by_age: [] },
    ];
    await renderAt(`${INSURANCE}?policy=${P1}`);
    fireEvent.click(screen.getByRole('button', { name: 'Move Disability up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Base down' }));
    await flush();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: 'customer/bulk-update/insurance-coverage-benefit/positions',
        body: {
          lead_id: HH,
          positions: [
            { id: 'b2', position: 0 },
            { id: B1, position: 1 },
          ],
        },
      },
      {
        method: 'PATCH',
        path: 'customer/bulk-update/insurance-plan/positions',
        body: {
          lead_id: HH,
          positions: [
            { id: 'pl2', position: 0 },
            { id: 'pl1', position: 1 },
          ],
        },
      },
    ]);
  });

  it('deletes a policy after confirming', async () => {
    await renderAt(`${INSURANCE}?policy=${P1}`);
    fireEvent.click(screen.getByRole('button', { name: 'Delete policy' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    jest.useFakeTimers();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Plan 1?' })).getByRole('button', { name: 'Delete' }),
    );
    // issue 30 item 14: gone from the list at once with an Undo toast; the DELETE goes when the toast expires
    expect(screen.getByRole('button', { name: 'Undo' }).closest('[role="status"]')?.textContent).toContain(
      'Deleted Plan 1.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS);
    });
    jest.useRealTimers();
    await flush();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`customer/insurance/${P1}`]);
  });
});

async function next() {
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await flush();
}

describe('policy editor', () => {
  it('adds a whole-life policy with death and critical-illness benefits and a beneficiary, keeping drafts', async () => {
    policies = [];
    postReply = (path) => Promise.resolve({ id: path === 'user/form-steps-draft/create' ? 'dr1' : NEW_ID });
    await renderAt(`${INSURANCE}?edit=new`);
    expect(screen.getByRole('heading', { name: 'Add policy' })).toBeInstanceOf(Element);
    type(screen.getByLabelText('Plan type', { exact: false }), 'Whole Life');
    type(screen.getByLabelText('Plan name', { exact: false }), 'Life Secure');
    await next();
    expect(calls.find((c) => c.path === 'user/form-steps-draft/create')?.body).toMatchObject({
      step: 'insurance/policy-editor',
      lead_id: HH,
      data: { step: 1, policy_id: null },
    });
    expect(where).toContain('draft=dr1');
    type(screen.getByLabelText('Premium'), '3000');
    type(screen.getByLabelText('Policy Date', { exact: false }), '2024-03-01');
    await next();
    await next();
    // benefits: death and early critical illness
    fireEvent.click(screen.getByRole('button', { name: 'Add benefit' }));
    type(screen.getByLabelText('New benefit type', { exact: false }), 'Early Critical Illness');
    fireEvent.click(screen.getByRole('button', { name: 'Add benefit' }));
    await next();
    // required keys per benefit are checked before moving on
    expect(screen.getAllByText('Enter the expiry age').length).toBe(2);
    const boxes = screen.getAllByTestId('benefit-editor');
    for (const [i, box] of boxes.entries()) {
      type(within(box).getByLabelText('Lump-sum payout', { exact: false }), i === 0 ? '500000' : '200000');
      type(within(box).getByLabelText('Duration (years)', { exact: false }), '1');
      type(within(box).getByLabelText('Expiry age', { exact: false }), '99');
    }
    await next();
    fireEvent.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    type(screen.getByLabelText('Household member', { exact: false }), SP);
    type(screen.getByLabelText('Percentage (%)', { exact: false }), '60');
    await next();
    expect(screen.getByText(/add up to 60%; they must add up to 100%/)).toBeInstanceOf(Element);
    type(screen.getByLabelText('Percentage (%)', { exact: false }), '100');
    await next();
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    await flush();
    const posts = calls.filter((c) => c.method === 'POST' && c.path !== 'user/form-steps-draft/create');
    expect(posts.map((c) => c.path)).toEqual([
      'customer/insurance',
      'customer/insurance-coverage-benefit',
      'customer/insurance-coverage-benefit',
      'customer/insurance-beneficiary',
    ]);
    expect(posts[0]?.body).toMatchObject({
      lead_id: HH,
      member_id: ME,
      plan_type: 'Whole Life',
      plan_name: 'Life Secure',
      premium: 3000,
      currency: 'SGD',
      frequency: 'annual',
      policy_date: '2024-03-01',
      payment_type: 'cash',
      owners: [],
    });
    expect(posts[1]?.body).toEqual({
      lead_id: HH,
      insurance_id: NEW_ID,
      type: 'Death',
      expiry_age: 99,
      duration: 1,
      payout: { lump_sum_payout: { currency: 'SGD', amount: 500000 } },
    });
    expect(posts[2]?.body).toMatchObject({ type: 'Early Critical Illness', insurance_id: NEW_ID });
    expect(posts[3]?.body).toEqual({
      lead_id: HH,
      insurance_id: NEW_ID,
      beneficiary_id: SP,
      name: 'Mei Lin',
      percentage: 100,
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'user/form-steps-draft/dr1')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Saved Successfully!' }).textContent).toContain('Go to Summary Now');
  });

  it("picks a plan from the insurers' list (the custom plan stays possible)", async () => {
    policies = [];
    await renderAt(`${INSURANCE}?edit=new`);
    const picker = screen.getByLabelText("Plan from the insurers' list", { exact: false }) as HTMLSelectElement;
    expect(picker.value).toBe('custom');
    expect(
      [...(screen.getByLabelText('Plan type', { exact: false }) as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['', ...INSURANCE_PLAN_TYPES.map((x) => x.name)]);
    type(picker, REF_PLAN);
    expect((screen.getByLabelText('Plan name', { exact: false }) as HTMLInputElement).value).toBe('LifeShield');
    await next();
    type(screen.getByLabelText('Premium'), '1200');
    type(screen.getByLabelText('Policy Date', { exact: false }), '2024-03-01');
    for (let i = 0; i < 4; i++) await next();
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST' && c.path === 'customer/insurance')?.body).toMatchObject({
      plan_id: REF_PLAN,
      insurance_company: REF_CO,
      plan_name: 'LifeShield',
      custom_company_name: 'AIA',
      plan_type: 'Whole Life',
    });
  });

  it("issue 31 item 8: picking a reference plan fills the premium from its table for the insured's age and gender, at the mode; no row is said beside the field", async () => {
    policies = [];
    await renderAt(`${INSURANCE}?edit=new`);
    type(screen.getByLabelText('Insured'), SP);
    type(screen.getByLabelText("Plan from the insurers' list", { exact: false }), REF_PLAN);
    await flush();
    await next();
    const premium = screen.getByLabelText('Premium') as HTMLInputElement;
    expect(premium.value).toBe('1596.5');
    const hint = "From the plan's premium table: woman aged 42, SGD 1,596.50 a year.";
    expect(screen.getByText(hint)).toBeInstanceOf(Element);
    expect(premium.getAttribute('aria-describedby') ?? '').not.toBe('');
    type(screen.getByLabelText('Mode'), 'monthly');
    type(screen.getByLabelText('Policy Date', { exact: false }), '2024-03-01');
    await flush();
    expect((screen.getByLabelText('Premium') as HTMLInputElement).value).toBe('133.04');
    expect(calls.filter((c) => c.path.endsWith('/premium')).at(-1)?.query).toEqual({
      lead_id: HH,
      member_id: SP,
      frequency: 'monthly',
      policy_date: '2024-03-01',
    });
    // the insured without a row in the table: the premium is left as typed and the field says why
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await flush();
    type(screen.getByLabelText('Insured'), ME);
    await flush();
    await next();
    expect(
      screen.getByText("This plan's premium table has no premium for a man aged 44: type the premium."),
    ).toBeInstanceOf(Element);
    expect((screen.getByLabelText('Premium') as HTMLInputElement).value).toBe('133.04');
    for (let i = 0; i < 4; i++) await next();
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST' && c.path === 'customer/insurance')?.body).toMatchObject({
      plan_id: REF_PLAN,
      member_id: ME,
      premium: 133.04,
      frequency: 'monthly',
    });
  });

  it('resumes from the draft named in the address, at its step', async () => {
    policies = [];
    draft = {
      id: 'dr9',
      step: 'insurance/policy-editor',
      lead_id: HH,
      data: { policy_id: null, step: 2, form: { policy: { member_id: ME, plan_name: 'Kept Plan', currency: 'SGD' } } },
      created_at: '',
      updated_at: '',
    };
    await renderAt(`${INSURANCE}?edit=new&draft=dr9`);
    expect(screen.getByRole('heading', { name: 'Step 3 of 6: Savings, withdrawal and retirement' })).toBeInstanceOf(
      Element,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Plan name', { exact: false }) as HTMLInputElement).value).toBe('Kept Plan');
    // a resumed draft is a change: closing asks first
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Discard unsaved changes?')).toBeInstanceOf(Element);
  });

  it('shows a 400 at the field it names, on its step', async () => {
    postReply = (path) =>
      path === 'customer/insurance'
        ? Promise.reject(new ApiError(400, { message: 'Invalid input', errors: [{ premium: ['Enter an amount'] }] }))
        : Promise.resolve({ id: 'dr1' });
    await renderAt(`${INSURANCE}?edit=new`);
    type(screen.getByLabelText('Plan name', { exact: false }), 'Life Secure');
    await next();
    type(screen.getByLabelText('Premium'), '1');
    type(screen.getByLabelText('Policy Date', { exact: false }), '2024-03-01');
    for (let i = 0; i < 4; i++) await next();
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Step 2 of 6: Premium' })).toBeInstanceOf(Element);
    const premium = screen.getByLabelText('Premium');
    expect(premium.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Enter an amount').length).toBeGreaterThan(0);
  });

  it('a benefit covering another member is saved under a coverage of that member', async () => {
    await renderAt(`${INSURANCE}?edit=${P1}`);
    for (let i = 0; i < 3; i++) await next();
    const box = screen.getAllByTestId('benefit-editor')[0] as HTMLElement;
    type(within(box).getByLabelText('Covered member', { exact: false }), SP);
    for (let i = 0; i < 2; i++) await next();
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    await flush();
    const writes = calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('user/form-steps-draft'));
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PATCH customer/insurance/${P1}`,
      'POST customer/insurance-coverage',
      `PATCH customer/insurance-coverage-benefit/${B1}`,
    ]);
    expect(writes[1]?.body).toEqual({ lead_id: HH, insurance_id: P1, member_id: SP });
    expect(writes[2]?.body).toMatchObject({ coverage_id: NEW_ID, type: 'Death', insurance_id: P1 });
  });

  it('adds an insurance fund and balances the new premiums over the funds', async () => {
    await renderAt(`${INSURANCE}?edit=${P1}`);
    for (let i = 0; i < 5; i++) await next();
    fireEvent.click(screen.getByRole('button', { name: 'Add fund' }));
    const fund = screen.getByRole('group', { name: 'Fund 1' });
    type(within(fund).getByLabelText('Fund name', { exact: false }), 'Global Equity');
    type(within(fund).getByLabelText('Share of new premiums (%)', { exact: false }), '90');
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    expect(screen.getByText(/shares of new premiums add up to 90%/)).toBeInstanceOf(Element);
    type(within(fund).getByLabelText('Share of new premiums (%)', { exact: false }), '100');
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    await flush();
    const writes = calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('user/form-steps-draft'));
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PATCH customer/insurance/${P1}`,
      'POST customer/insurance-fund',
      'PATCH customer/insurance-fund-asset-balancing',
    ]);
    expect(writes[1]?.body).toEqual({
      lead_id: HH,
      insurance_id: P1,
      name: 'Global Equity',
      currency: 'SGD',
      more_info: { dividend_declaration_type: 'units' },
      asset_balancing: 100,
    });
    expect(writes[2]?.body).toEqual({
      lead_id: HH,
      insurance_id: P1,
      funds: [{ id: NEW_ID, asset_balancing: 100 }],
    });
  });

  it('a cleared field is removed on save (null in the PATCH)', async () => {
    await renderAt(`${INSURANCE}?edit=${P1}`);
    await next();
    await next();
    type(screen.getByLabelText('Note', { exact: false }), '');
    for (let i = 0; i < 3; i++) await next();
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await flush();
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === `customer/insurance/${P1}`);
    expect(patch?.body).toMatchObject({ common_note: null, plan_name: 'Plan 1', premium: 2400 });
  });

  it('edits a stored policy and asks before closing with unsaved changes', async () => {
    await renderAt(`${INSURANCE}?edit=${P1}`);
    expect(screen.getByRole('heading', { name: 'Edit Plan 1' })).toBeInstanceOf(Element);
    expect((screen.getByLabelText('Plan name', { exact: false }) as HTMLInputElement).value).toBe('Plan 1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    // nothing changed: closes directly, to the policy
    expect(where).toContain(`policy=${P1}`);
  });

  it('issue 31 item 8: a stored policy of a reference plan keeps its premium until the insured, mode or date changes', async () => {
    policies = [policy(P1, 0, { plan_id: REF_PLAN, insurance_company: REF_CO, member_id: SP, premium: 2000 })];
    await renderAt(`${INSURANCE}?edit=${P1}`);
    await next();
    expect((screen.getByLabelText('Premium') as HTMLInputElement).value).toBe('2000');
    expect(screen.getByText("From the plan's premium table: woman aged 42, SGD 1,596.50 a year.")).toBeInstanceOf(
      Element,
    );
    type(screen.getByLabelText('Mode'), 'monthly');
    await flush();
    expect((screen.getByLabelText('Premium') as HTMLInputElement).value).toBe('133.04');
  });

  it('with a change, Cancel shows the unsaved-changes popover', async () => {
    await renderAt(`${INSURANCE}?edit=${P1}`);
    type(screen.getByLabelText('Plan name', { exact: false }), 'Plan One');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Discard unsaved changes?')).toBeInstanceOf(Element);
    expect(where).toContain(`edit=${P1}`);
  });
});

describe('concern insurance sub-page', () => {
  it('shows the insurance under a concern', async () => {
    await renderAt(`/advisor/customers/${HH}/dreams-concerns/my-concerns/c1/insurance`);
    expect(screen.getByRole('region', { name: 'Policies of Alex Tan' })).toBeInstanceOf(Element);
    expect(screen.getByRole('heading', { name: 'Coverage by member' })).toBeInstanceOf(Element);
  });
});
