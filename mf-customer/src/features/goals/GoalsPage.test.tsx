/** @jest-environment jsdom */
import { UNDO_DELETE_MS } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const HH = '00000000-0000-4000-8000-0000000000c1';
const ME_ID = '00000000-0000-4000-8000-0000000000d1';
const SP_ID = '00000000-0000-4000-8000-0000000000d2';
const GOAL = '00000000-0000-4000-8000-0000000000e1';
const DREAM = '00000000-0000-4000-8000-0000000000f2';
const RETIRE_DREAM = '00000000-0000-4000-8000-0000000000f3';
const { calls } = stub;
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };

const member = (id: string, relation: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  household_id: HH,
  name,
  gender: 'male',
  relation,
  holding_pr: false,
  status: 'active',
  age: 40,
  position: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...extra,
});
let meExtra: Record<string, unknown> = {};
const household = () => ({
  id: HH,
  name: 'Alex Tan',
  gender: 'male',
  age: 40,
  currency: 'SGD',
  members: [member(ME_ID, 'me', 'Alex Tan', meExtra), member(SP_ID, 'spouse', 'Mei Lin')],
});
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 200 });
let goals: unknown[] = [];
const education = {
  id: GOAL,
  lead_id: HH,
  position: 0,
  type: 'education',
  title: 'University',
  member_id: ME_ID,
  year_from: 2036,
  year_to: 2039,
  amount: 62500,
  growth_rate: 2,
  currency: 'SGD',
  dream_id: DREAM,
};
const dreams = [
  {
    id: DREAM,
    lead_id: HH,
    title: 'Children’s education',
    question_answers: [{ question: 'Which children, and from which year?', answer: 'Both, from 2036, 250,000' }],
  },
  {
    id: RETIRE_DREAM,
    lead_id: HH,
    title: 'Retirement',
    question_answers: [{ question: 'At what age would you like to retire?', answer: '60' }],
  },
];

function serve(c: StubCall): unknown {
  const { path } = c;
  if (c.method === 'GET') {
    if (path.startsWith('single-lead/')) return household();
    if (path.endsWith('/goals')) return page(goals);
    if (path.endsWith('/dreams')) return page(dreams);
    if (path.startsWith('meta-data/')) return [];
    return page([]);
  }
  if (c.method === 'POST') return { id: GOAL, ...(c.body as object) };
  if (c.method === 'PATCH') return { id: GOAL, ...(c.body as object) };
  if (c.method === 'DELETE') return { message: 'Deleted' };
  return undefined;
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());

const flush = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await Promise.resolve();
  });
async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/customers/:customerId/*" element={<App />} />
        <Route path="/customer/dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await flush();
}
const GOALS = `/advisor/customers/${HH}/goals`;
const DREAMS = `/advisor/customers/${HH}/dreams-concerns/my-dreams`;
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false });

beforeEach(() => {
  calls.length = 0;
  goals = [];
  meExtra = {};
  stub.handler = serve;
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
});

describe('Goals', () => {
  it('is a tab of the dashboard; lists each goal with its years, amount, growth and dream', async () => {
    goals = [education];
    await renderAt(GOALS);
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(nav).getByRole('link', { name: 'Goals' }).getAttribute('aria-current')).toBe('page');
    const row = screen.getByRole('cell', { name: 'University' }).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent)).toEqual([
      'University',
      'Education',
      'Alex Tan',
      '2036–2039',
      'SGD 62,500 a year',
      'household inflation + 2% growth',
      'Children’s education',
    ]);
  });

  it('shows a skeleton while the goals load, then "No goals recorded yet"', async () => {
    let release: (v: unknown) => void = () => undefined;
    stub.handler = (c) =>
      c.method === 'GET' && c.path.endsWith('/goals') ? new Promise((r) => (release = r)) : serve(c);
    await renderAt(GOALS);
    expect(screen.getByText('Loading the goals').closest('[role="status"]')?.getAttribute('aria-busy')).toBe('true');
    await act(async () => release(page([])));
    await flush();
    expect(screen.queryByText('Loading the goals')).toBeNull();
    expect(screen.getByText('No goals recorded yet').tagName).toBe('P');
  });

  it('adds an education goal 2036-2039 with a growth rate; an end before the start is refused first', async () => {
    await renderAt(GOALS);
    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add goal' });
    expect((field(dialog, 'Goal kind') as HTMLSelectElement).value).toBe('education');
    expect((field(dialog, 'Member') as HTMLSelectElement).value).toBe(ME_ID);
    fireEvent.change(field(dialog, 'Year from'), { target: { value: '2039' } });
    fireEvent.change(field(dialog, 'Year to'), { target: { value: '2036' } });
    fireEvent.change(field(dialog, 'Amount a year'), { target: { value: '62500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await flush();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(dialog).getAllByText('Year to is before year from').length).toBeGreaterThan(0);
    fireEvent.change(field(dialog, 'Year from'), { target: { value: '2036' } });
    fireEvent.change(field(dialog, 'Year to'), { target: { value: '2039' } });
    fireEvent.change(field(dialog, 'Growth above inflation'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'customer/goals',
      body: {
        type: 'education',
        currency: 'SGD',
        member_id: ME_ID,
        year_from: 2036,
        year_to: 2039,
        amount: 62500,
        growth_rate: 2,
        lead_id: HH,
      },
    });
  });

  it('a retirement goal has no start year: its member’s retirement age, saved on the member', async () => {
    meExtra = { retirement_age: 55 };
    await renderAt(GOALS);
    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add goal' });
    fireEvent.change(field(dialog, 'Goal kind'), { target: { value: 'retirement' } });
    expect(within(dialog).queryByLabelText('Year from', { exact: false })).toBeNull();
    expect((field(dialog, 'Retirement age') as HTMLInputElement).value).toBe('55');
    fireEvent.change(field(dialog, 'Retirement age'), { target: { value: '60' } });
    fireEvent.change(field(dialog, 'Living expense a month'), { target: { value: '3000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await flush();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['earning-member', 'customer/goals']);
    expect(posts[0]?.body).toMatchObject({ id: ME_ID, lead_id: HH, relation: 'me', retirement_age: 60 });
    expect(posts[0]?.body).not.toHaveProperty('household_id');
    expect(posts[1]?.body).toEqual({
      type: 'retirement',
      currency: 'SGD',
      member_id: ME_ID,
      living_expense: 3000,
      lead_id: HH,
    });
  });

  it('an edit that changes a goal to retirement removes its start year and amount (null)', async () => {
    goals = [education];
    await renderAt(GOALS);
    fireEvent.click(screen.getByRole('button', { name: 'Edit University' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit goal' });
    fireEvent.change(field(dialog, 'Goal kind'), { target: { value: 'retirement' } });
    fireEvent.change(field(dialog, 'Living expense a month'), { target: { value: '2500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await flush();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `customer/goals/${GOAL}`,
      body: { type: 'retirement', year_from: null, amount: null, living_expense: 2500, dream_id: DREAM },
    });
  });

  it('deletes a goal after confirming, with Undo (the DELETE goes when the toast expires)', async () => {
    goals = [education];
    await renderAt(GOALS);
    fireEvent.click(screen.getByRole('button', { name: 'Delete University' }));
    jest.useFakeTimers();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete University?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(screen.queryByRole('cell', { name: 'University' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInstanceOf(Element);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS);
    });
    jest.useRealTimers();
    await flush();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`customer/goals/${GOAL}`]);
  });

  it('the retirement-dream rental and capital preservation have their lists and forms', async () => {
    await renderAt(GOALS);
    expect(screen.getByText('No rental in retirement yet').tagName).toBe('P');
    fireEvent.click(screen.getByRole('button', { name: 'Add rental' }));
    const dialog = screen.getByRole('dialog', { name: 'Add rental' });
    fireEvent.change(field(dialog, 'Property value'), { target: { value: '600000' } });
    fireEvent.change(field(dialog, 'Rent a month'), { target: { value: '2500' } });
    fireEvent.change(field(dialog, 'Occupancy'), { target: { value: '80' } });
    fireEvent.change(field(dialog, 'Start year'), { target: { value: '2046' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rental' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'customer/retirement-dream-rental',
      body: {
        currency: 'SGD',
        property_value: 600000,
        monthly_rental: 2500,
        occupancy_percent: 80,
        start_year: 2046,
        lead_id: HH,
      },
    });
    expect(screen.getByRole('button', { name: 'Add capital preservation' })).toBeInstanceOf(Element);
  });

  it('the customer reads the goals and cannot change them', async () => {
    goals = [education];
    stub.user = { id: 'u9', type: 'customer', name: 'Alex Tan', gender: 'male', profile_image: null };
    await renderAt('/customer/dashboard/goals');
    expect(screen.getByRole('cell', { name: 'University' }).tagName).toBe('TD');
    expect(screen.queryByRole('button', { name: /Add|Edit|Delete/ })).toBeNull();
  });
});

describe('a dream becomes a goal', () => {
  it('"Make it a goal" opens the goal form prefilled from the dream; the goal keeps its dream', async () => {
    await renderAt(DREAMS);
    const card = screen.getByRole('article', { name: 'Children’s education' });
    fireEvent.click(within(card).getByRole('button', { name: 'Make Children’s education a goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add goal' });
    expect((field(dialog, 'Goal kind') as HTMLSelectElement).value).toBe('education');
    expect((field(dialog, 'Title') as HTMLInputElement).value).toBe('Children’s education');
    expect((field(dialog, 'Year from') as HTMLInputElement).value).toBe('2036');
    expect((field(dialog, 'Amount a year') as HTMLInputElement).value).toBe('');
    fireEvent.change(field(dialog, 'Year to'), { target: { value: '2039' } });
    fireEvent.change(field(dialog, 'Amount a year'), { target: { value: '62500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'education',
      currency: 'SGD',
      title: 'Children’s education',
      member_id: ME_ID,
      year_from: 2036,
      year_to: 2039,
      amount: 62500,
      dream_id: DREAM,
      lead_id: HH,
    });
  });

  it('a dream with a goal links to it; the retirement dream shows the plan’s retirement age', async () => {
    goals = [education];
    meExtra = { retirement_age: 60 };
    await renderAt(DREAMS);
    const card = screen.getByRole('article', { name: 'Children’s education' });
    expect(within(card).queryByRole('button', { name: /a goal$/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'see it in Goals' }).getAttribute('href')).toBe(
      `/advisor/customers/${HH}/goals`,
    );
    expect(within(card).getByText(/^Goal: Education, 2036–2039/).tagName).toBe('P');
    const retire = screen.getByRole('article', { name: 'Retirement' });
    expect(within(retire).getByText(/^Retirement age in the plan: 60/).textContent).toBe(
      'Retirement age in the plan: 60 (Alex Tan)',
    );
  });
});
