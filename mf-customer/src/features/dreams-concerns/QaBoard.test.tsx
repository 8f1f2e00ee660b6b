/** @jest-environment jsdom */
import { UNDO_DELETE_MS } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const HH = '00000000-0000-4000-8000-0000000000c1';
const META = '00000000-0000-4000-8000-0000000000f1';
const DREAM = '00000000-0000-4000-8000-0000000000f2';
const CONCERN = '00000000-0000-4000-8000-0000000000f3';
const { calls } = stub;
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
const household = { id: HH, name: 'Alex Tan', gender: 'male', age: 42, currency: 'SGD', members: [] };
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 100 });

/** The API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  const { path } = c;
  if (c.method === 'GET') {
    if (path.startsWith('single-lead/')) return household;
    if (path === 'meta-data/dream')
      return [
        {
          id: META,
          title: 'Retire early',
          description: 'When and how',
          questions: ['At what age?', 'Where?'],
          position: 0,
        },
      ];
    if (path === 'meta-data/concern') return [];
    if (path.endsWith('/dreams'))
      return page([
        { id: DREAM, lead_id: HH, title: 'Travel', question_answers: [{ question: 'Where?', answer: 'Japan' }] },
      ]);
    if (path.endsWith('/concerns'))
      return page([
        {
          id: CONCERN,
          lead_id: HH,
          title: 'Job loss',
          question_answers: [{ question: 'How long?', answer: 'Six months' }],
        },
      ]);
    return Promise.reject(new Error(`unexpected ${path}`));
  }
  if (c.method === 'POST') return {};
  if (c.method === 'DELETE') return { message: 'Deleted' };
  return undefined;
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());

const flush = () =>
  act(async () => {
    for (let i = 0; i < 4; i++) await Promise.resolve();
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

beforeEach(() => {
  calls.length = 0;
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
});

describe('My Dreams and My Concerns', () => {
  it('lists the stored dreams with their answers, and answers a reference dream', async () => {
    await renderAt(`/advisor/customers/${HH}/dreams-concerns/my-dreams`);
    const travel = screen.getByRole('article', { name: 'Travel' });
    expect(within(travel).getByText('Japan').tagName).toBe('DD');
    fireEvent.click(screen.getByRole('button', { name: 'Retire early' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire early' });
    fireEvent.change(within(dialog).getByLabelText('At what age?', { exact: false }), { target: { value: '55' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save dream' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `advisor/leads/${HH}/dreams`,
      body: {
        dream_id: META,
        title: 'Retire early',
        question_answers: [
          { question: 'At what age?', answer: '55' },
          { question: 'Where?', answer: '' },
        ],
      },
    });
    expect(screen.getByRole('dialog', { name: 'Saved Successfully!' }).textContent).toContain('Go to Summary Now');
  });

  it('an own dream needs a title; delete asks first', async () => {
    await renderAt(`/advisor/customers/${HH}/dreams-concerns/my-dreams`);
    fireEvent.click(screen.getByRole('button', { name: 'Our own dream' }));
    const dialog = screen.getByRole('dialog', { name: 'Our own dream' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save dream' }));
    await flush();
    expect(within(dialog).getAllByText('Enter title').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Travel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    jest.useFakeTimers();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Travel?' })).getByRole('button', { name: 'Delete' }),
    );
    // issue 30 item 14: gone from the list at once with an Undo toast; the DELETE goes when the toast expires
    expect(screen.getByRole('button', { name: 'Undo' }).closest('[role="status"]')?.textContent).toContain(
      'Deleted Travel.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS);
    });
    jest.useRealTimers();
    await flush();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `advisor/leads/${HH}/dreams/${DREAM}`,
    ]);
  });

  it('concerns link to their sub-pages, whose header shows the concern', async () => {
    await renderAt(`/advisor/customers/${HH}/dreams-concerns/my-concerns`);
    const link = within(screen.getByRole('article', { name: 'Job loss' })).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/advisor/customers/${HH}/dreams-concerns/my-concerns/${CONCERN}/cashflow`);
    fireEvent.click(link);
    await flush();
    expect(screen.getByRole('heading', { level: 2, name: 'Job loss' }).tagName).toBe('H2');
    expect(screen.getAllByText('Six months')[0]?.tagName).toBe('DD');
  });

  it('the customer reads dreams with no way to add or delete', async () => {
    stub.user = { id: 'u9', type: 'customer', name: 'Alex Tan', gender: 'male', profile_image: null };
    await renderAt('/customer/dashboard/dreams-concerns/my-dreams');
    expect(screen.getByRole('article', { name: 'Travel' }).textContent).toContain('Japan');
    expect(screen.queryByRole('button', { name: /Delete|Retire early|Our own dream/ })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('meta-data/'))).toBe(false);
  });
});
