/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import OnBoardingPage from './OnBoardingPage';

const ADVISOR = '00000000-0000-4000-8000-0000000000a1';
const DRAFT = '00000000-0000-4000-8000-0000000000b1';
const LEAD = '00000000-0000-4000-8000-0000000000c1';
const { calls } = stub;
stub.user = { id: ADVISOR, type: 'advisor', name: 'Dana' };
let draftReply: unknown = null;

/** The API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  const { path } = c;
  if (c.method === 'GET') {
    if (path === 'meta-data/dream')
      return [{ id: 'd1', title: 'Retire early', description: null, questions: ['When?'], position: 0 }];
    if (path === 'meta-data/concern') return [];
    if (path.endsWith('/read')) return draftReply;
    return Promise.reject(new Error(`unexpected ${path}`));
  }
  if (c.method === 'POST') {
    if (path === 'user/form-steps-draft/create') return { id: DRAFT };
    if (path === 'leads')
      return {
        id: LEAD,
        members: [
          { id: 'm-me', relation: 'me', name: 'Alex Tan' },
          { id: 'm-sp', relation: 'spouse', name: 'Mei Lin' },
        ],
      };
    return { id: 'x' };
  }
  if (c.method === 'DELETE') return { message: 'Deleted' };
  return undefined;
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/on-boarding" element={<OnBoardingPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const next = async (name = 'Next') => {
  fireEvent.click(screen.getByRole('button', { name }));
  await flush();
};

beforeEach(() => {
  calls.length = 0;
  stub.user = { id: ADVISOR, type: 'advisor', name: 'Dana' };
  draftReply = null;
  localStorage.clear();
});

describe('on-boarding fact-find', () => {
  it('an advisor goes through the steps; each Next keeps a draft named in the address; Finish creates the lead', async () => {
    await renderAt(`/on-boarding?referral_id=REF9&advisor_id=${ADVISOR}`);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 1 of 5: Profile');
    await next();
    expect(screen.getAllByText('Enter name').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    type('Name', 'Alex Tan');
    await next();
    expect(calls.find((c) => c.path === 'user/form-steps-draft/create')?.body).toMatchObject({
      step: 'on-boarding',
      data: { step: 1, advisor_id: ADVISOR, referral_id: 'REF9', answers: { profile: { name: 'Alex Tan' } } },
    });
    expect(screen.getByTestId('where').textContent).toContain(`draft=${DRAFT}`);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 2 of 5: Family members');

    fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    type('Name', 'Mei Lin');
    await next();
    // the second save updates the same draft
    const second = calls.filter((c) => c.path === 'user/form-steps-draft/create')[1];
    expect((second?.body as { id?: string } | undefined)?.id).toBe(DRAFT);
    type('Alex Tan: gross income a month', '8500');
    type('Mei Lin: gross income a month', '6200');
    type('Food', '1200');
    await next();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Retire early' }));
    await next();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 5 of 5: Review');
    await next('Finish');

    const posts = calls.filter((c) => c.method === 'POST' && c.path !== 'user/form-steps-draft/create');
    expect(posts.map((c) => c.path)).toEqual([
      'leads',
      'customer/member-income',
      'customer/member-income',
      'customer/member-expense',
      `advisor/leads/${LEAD}/dreams`,
    ]);
    expect(posts[0]?.body).toMatchObject({
      name: 'Alex Tan',
      referral_id: 'REF9',
      dependencies: ['spouse'],
      members: [{ name: 'Mei Lin', relation: 'spouse', gender: 'female' }],
    });
    expect(posts[2]?.body).toEqual({
      member_id: 'm-sp',
      kind: 'gross income',
      amount: 6200,
      currency: 'SGD',
      frequency: 'monthly',
      lead_id: LEAD,
    });
    expect(posts[4]?.body).toEqual({
      dream_id: 'd1',
      title: 'Retire early',
      question_answers: [{ question: 'When?', answer: '' }],
    });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`user/form-steps-draft/${DRAFT}`]);
    expect(screen.getByTestId('where').textContent).toBe(
      `/advisor/customers/${LEAD}/financial-report/dashboard/cashflow`,
    );
  });

  it('resumes from the draft named in the address (another device)', async () => {
    draftReply = {
      id: DRAFT,
      step: 'on-boarding',
      data: {
        step: 2,
        answers: { profile: { name: 'Alex Tan', currency: 'RM' }, members: [], incomes: ['7000'], expenses: [] },
      },
    };
    await renderAt(`/on-boarding?advisor_id=${ADVISOR}&draft=${DRAFT}`);
    expect(calls[0]).toEqual({ method: 'GET', path: `user/form-steps-draft/${DRAFT}/read` });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 3 of 5: Incomes & expenses');
    expect((screen.getByLabelText('Alex Tan: gross income a month', { exact: false }) as HTMLInputElement).value).toBe(
      '7000',
    );
    expect(screen.getByText('Monthly income (RM)').tagName).toBe('H3');
  });

  it('a visitor who is not signed in sends everything at the end to on-boarding/submit', async () => {
    stub.user = null;
    await renderAt(`/on-boarding?referral_id=REF9&advisor_id=${ADVISOR}`);
    type('Name', 'Nur Aisyah');
    await next();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(JSON.parse(localStorage.getItem('kf_onboarding') ?? '{}').answers.profile.name).toBe('Nur Aisyah');
    await next();
    type('Nur Aisyah: gross income a month', '7200');
    await next();
    await next();
    await next('Finish');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: 'on-boarding/submit',
        body: {
          advisor_id: ADVISOR,
          referral_id: 'REF9',
          lead: expect.objectContaining({ name: 'Nur Aisyah', gender: 'male' }),
          incomes: [{ member_index: 0, amount: 7200 }],
          expenses: [],
        },
      },
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you');
  });
  it('issue 31 (9): a child stays a child (the children list, not a member), other family is a member, the Review lists the dreams and concerns', async () => {
    await renderAt(`/on-boarding?advisor_id=${ADVISOR}`);
    type('Name', 'Alex Tan');
    type('Number of children', '1');
    await next();
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    add();
    add();
    add();
    const names = screen.getAllByLabelText('Name', { exact: false });
    const relations = screen.getAllByLabelText('Relation', { exact: false });
    const ages = screen.getAllByLabelText('Age', { exact: false });
    fireEvent.change(names[0] as Element, { target: { value: 'Mei Lin' } });
    fireEvent.change(names[1] as Element, { target: { value: 'Kai Tan' } });
    fireEvent.change(relations[1] as Element, { target: { value: 'child' } });
    fireEvent.change(names[2] as Element, { target: { value: 'Ah Ma' } });
    fireEvent.change(relations[2] as Element, { target: { value: 'all' } });
    expect(screen.getAllByRole('option', { name: 'Child' })).toHaveLength(3);
    expect(screen.queryByRole('option', { name: 'Child or other family' })).toBeNull();
    // a child needs an age
    await next();
    expect(screen.getByText("Enter the child's age")).toBeInstanceOf(Element);
    fireEvent.change(ages[1] as Element, { target: { value: '8' } });
    await next();
    // the child earns nothing here: no income asked
    expect(screen.queryByLabelText('Kai Tan: gross income a month', { exact: false })).toBeNull();
    type('Mei Lin: gross income a month', '7000');
    type('Ah Ma: gross income a month', '500');
    await next();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Retire early' }));
    await next();
    const review = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(review('Family members')).toBe('Mei Lin (Spouse), Ah Ma (Other family)');
    expect(review('Children')).toBe('Kai Tan, 8');
    expect(review('Dreams')).toBe('Retire early');
    expect(review('Concerns')).toBe('None chosen');
    await next('Finish');
    const lead = calls.find((c) => c.method === 'POST' && c.path === 'leads')?.body as Record<string, unknown>;
    expect(lead).toMatchObject({
      children_count: 1,
      dependencies: ['spouse', 'children'],
      members: [
        { name: 'Mei Lin', relation: 'spouse' },
        { name: 'Ah Ma', relation: 'all' },
      ],
      children: [{ name: 'Kai Tan', age: 8 }],
    });
  });

  it("issue 31 (9): a visitor's incomes name the lead's members, children left out of the count", async () => {
    stub.user = null;
    await renderAt(`/on-boarding?advisor_id=${ADVISOR}`);
    type('Name', 'Nur Aisyah');
    await next();
    fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    const names = screen.getAllByLabelText('Name', { exact: false });
    fireEvent.change(names[0] as Element, { target: { value: 'Aiman' } });
    fireEvent.change(screen.getAllByLabelText('Relation', { exact: false })[0] as Element, {
      target: { value: 'child' },
    });
    fireEvent.change(screen.getAllByLabelText('Age', { exact: false })[0] as Element, { target: { value: '6' } });
    fireEvent.change(names[1] as Element, { target: { value: 'Hafiz' } });
    fireEvent.change(screen.getAllByLabelText('Relation', { exact: false })[1] as Element, {
      target: { value: 'spouse' },
    });
    await next();
    type('Hafiz: gross income a month', '7000');
    await next();
    await next();
    await next('Finish');
    const body = calls.find((c) => c.path === 'on-boarding/submit')?.body as Record<string, unknown>;
    expect(body.incomes).toEqual([{ member_index: 1, amount: 7000 }]);
    expect(body.lead).toMatchObject({
      members: [{ name: 'Hafiz', relation: 'spouse' }],
      children: [{ name: 'Aiman', age: 6 }],
    });
  });
});
