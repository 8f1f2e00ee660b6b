/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setSocketOpenerForTests } from '@kinfolio/ui-kit';
import { type FakeLiveSocket, fakeJob, fakeLiveSocket } from '../../shared/jobs/fake';
import { ClientPlanDialog, itemsOf, moved, POLL_MS, SHARED_MESSAGE } from './ClientPlanDialog';

const HH = '00000000-0000-4000-8000-0000000000c1';
const JOB = '00000000-0000-4000-8000-0000000000e1';
let userType = 'advisor';

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  useSession: () => ({
    user: { id: 'u1', type: userType, name: 'Jane Lim', designation: 'Certified Financial Planner' },
    status: 'loaded',
  }),
}));

/** The API at the fetch level: each call recorded, each answered by `route` (a status and a JSON body, or a file). */
type Reply = { status: number; body?: unknown; file?: string };
const calls: Array<{ method: string; url: string; body: unknown }> = [];
let route: (method: string, url: string, body: unknown) => Reply;
const clicks: string[] = [];

const job = (over: Record<string, unknown> = {}) => ({
  id: JOB,
  lead_id: HH,
  report: 'client-plan',
  format: 'pdf',
  status: 'queued',
  progress: 0,
  stage: 'Waiting for its turn',
  file_name: null,
  size: null,
  created_at: '2026-11-28T10:00:00.000Z',
  finished_at: null,
  download_path: null,
  ...over,
});
const SAVED = {
  sections: ['summary', 'goals', 'cashflow', 'scenario'],
  currency: null,
  saved_at: '2026-11-27T10:00:00.000Z',
};

beforeEach(() => {
  userType = 'advisor';
  calls.length = 0;
  clicks.length = 0;
  route = (method, url) => {
    if (method === 'GET' && url.endsWith('/client-plan')) return { status: 200, body: { data: SAVED } };
    return { status: 404, body: { message: 'Not found' } };
  };
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const r = route(method, url, body);
    const text = r.file === undefined ? JSON.stringify(r.body ?? null) : '';
    return {
      ok: r.status < 400,
      status: r.status,
      headers: {
        get: (h: string) =>
          h.toLowerCase() === 'content-disposition' && r.file ? `attachment; filename="${r.file}"` : null,
      },
      text: async () => text,
      blob: async () => new Blob(['%PDF-1.7']),
    };
  }) as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const open = (
  viewer: 'advisor' | 'customer' = 'advisor',
  extra: Partial<Parameters<typeof ClientPlanDialog>[0]> = {},
) =>
  render(<ClientPlanDialog householdId={HH} householdCurrency="SGD" viewer={viewer} onClose={jest.fn()} {...extra} />);

const rows = () =>
  within(screen.getByRole('list', { name: 'Sections of the plan' }))
    .getAllByRole('listitem')
    .map((li) => {
      const box = within(li).getByRole('checkbox') as HTMLInputElement;
      return `${box.checked ? '[x]' : '[ ]'} ${li.querySelector('label')?.textContent}`;
    });

it('orders a list and puts the saved sections first, the others after them unticked', () => {
  expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  const items = itemsOf(['goals', 'summary']);
  expect(items.slice(0, 3)).toEqual([
    { section: 'goals', on: true },
    { section: 'summary', on: true },
    { section: 'cashflow', on: false },
  ]);
  expect(items).toHaveLength(10);
});

it('shows a skeleton while the saved choice loads, then the sections in their saved order', async () => {
  open();
  expect(screen.getAllByRole('dialog', { name: 'Client plan' })).toHaveLength(1);
  expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
  await screen.findByRole('list', { name: 'Sections of the plan' });
  expect(screen.queryByTestId('skeleton')).toBeNull();
  expect(calls[0]).toMatchObject({ method: 'GET', url: `/api/v1/customer/${HH}/client-plan` });
  expect(rows()).toEqual([
    '[x] Summary',
    '[x] Goals',
    '[x] Cash flow',
    '[x] Scenario and Monte Carlo',
    '[ ] Net worth',
    '[ ] Insurance',
    '[ ] Funds and pensions',
    '[ ] Debts',
    '[ ] Property',
    '[ ] Appendix: assumptions and rate tables',
  ]);
  expect(screen.getByText('Choice saved 27 Nov 2026').getAttribute('role')).toBe('status');
  // the household's currency is chosen (saved null), the format is PDF
  expect(screen.getByRole('button', { name: "The household's (SGD)" }).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByRole('button', { name: 'PDF' }).getAttribute('aria-pressed')).toBe('true');
});

it('moves a section with the keyboard-reachable buttons, keeps the focus on it, and saves the order and currency', async () => {
  route = (method, url, body) => {
    if (method === 'GET' && url.endsWith('/client-plan')) return { status: 200, body: { data: SAVED } };
    if (method === 'PUT' && url.endsWith('/client-plan'))
      return {
        status: 200,
        body: { message: 'Saved', data: { ...(body as object), saved_at: '2026-11-28T10:00:00Z' } },
      };
    return { status: 404, body: { message: 'Not found' } };
  };
  open();
  await screen.findByRole('list', { name: 'Sections of the plan' });
  const save = screen.getByRole('button', { name: 'Save choice' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  expect((screen.getByRole('button', { name: 'Move Summary up' }) as HTMLButtonElement).disabled).toBe(true);

  const up = screen.getByRole('button', { name: 'Move Cash flow up' });
  up.focus();
  fireEvent.click(up);
  expect(rows().slice(0, 3)).toEqual(['[x] Summary', '[x] Cash flow', '[x] Goals']);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Cash flow up' }));
  // at the top the up button is disabled: the focus goes to its down button
  fireEvent.click(screen.getByRole('button', { name: 'Move Cash flow up' }));
  expect(rows()[0]).toBe('[x] Cash flow');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Cash flow down' }));

  // tick Insurance, untick Goals, choose RM
  fireEvent.click(screen.getByRole('checkbox', { name: 'Insurance' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Goals' }));
  fireEvent.click(screen.getByRole('button', { name: 'RM' }));
  expect(screen.getByText('Not saved yet: Save choice, or Create plan saves it.').textContent).toBe(
    'Not saved yet: Save choice, or Create plan saves it.',
  );
  expect(save.disabled).toBe(false);
  save.focus();
  fireEvent.click(save);
  await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Choice saved')).toBe(true));
  const put = calls.find((c) => c.method === 'PUT');
  expect(put).toEqual({
    method: 'PUT',
    url: `/api/v1/customer/${HH}/client-plan`,
    body: { sections: ['cashflow', 'summary', 'scenario', 'insurance'], currency: 'RM' },
  });
  expect((screen.getByRole('button', { name: 'Save choice' }) as HTMLButtonElement).disabled).toBe(true);
  // the saved choice disabled Save choice: the focus goes on to Create plan
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create plan' }));
});

it('refuses a plan of no section', async () => {
  route = () => ({ status: 200, body: { data: { sections: ['summary'], currency: null, saved_at: null } } });
  open();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Summary' }));
  expect(screen.getByRole('alert').textContent).toBe('Choose at least one section.');
  expect((screen.getByRole('button', { name: 'Create plan' }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole('button', { name: 'Save choice' }) as HTMLButtonElement).disabled).toBe(true);
});

it('creates the plan as a job, follows its progress by polling until done, downloads it and shares it', async () => {
  jest.useFakeTimers();
  const states = [
    job({ status: 'running', progress: 40, stage: 'Building section 2 of 4' }),
    job({ status: 'running', progress: 70, stage: 'Writing the PDF file' }),
    job({
      status: 'done',
      progress: 100,
      stage: 'Done',
      file_name: 'Alex-Tan-Client-plan-2026-11-28.pdf',
      size: 2048,
      finished_at: '2026-11-28T10:00:03.000Z',
      download_path: `customer/${HH}/export-jobs/${JOB}/download`,
    }),
  ];
  route = (method, url) => {
    if (method === 'GET' && url.endsWith('/client-plan')) return { status: 200, body: { data: SAVED } };
    if (method === 'POST' && url.endsWith('/export-jobs')) return { status: 202, body: { data: job() } };
    if (method === 'GET' && url.endsWith(`/export-jobs/${JOB}`)) return { status: 200, body: { data: states.shift() } };
    if (method === 'GET' && url.endsWith(`/export-jobs/${JOB}/download`))
      return { status: 200, file: 'Alex-Tan-Client-plan-2026-11-28.pdf' };
    if (method === 'POST' && url.endsWith(`/export-jobs/${JOB}/share`))
      return { status: 201, body: { message: 'Shared', data: { id: 'd1' } } };
    return { status: 404, body: { message: 'Not found' } };
  };
  const onJob = jest.fn();
  open('advisor', { onJob });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  fireEvent.click(screen.getByRole('button', { name: 'Word' }));
  fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
  screen.getByRole('button', { name: 'Create plan' }).focus();
  fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  // nothing changed: no save; the body names the sections and the branding
  expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  expect(calls.find((c) => c.method === 'POST')).toEqual({
    method: 'POST',
    url: `/api/v1/customer/${HH}/export-jobs`,
    body: {
      report: 'client-plan',
      format: 'pdf',
      sections: ['summary', 'goals', 'cashflow', 'scenario'],
      branding: { advisor_name: 'Jane Lim', designation: 'Certified Financial Planner' },
    },
  });
  expect(onJob).toHaveBeenCalledWith(JOB);
  const bar = screen.getByRole('progressbar', { name: 'Making the client plan' });
  expect(bar.getAttribute('aria-valuenow')).toBe('0');
  expect(screen.getByTestId('plan-stage').textContent).toBe('0% · Waiting for its turn');
  expect((screen.getByRole('button', { name: 'Create plan' }) as HTMLButtonElement).disabled).toBe(true);

  const polls = () => calls.filter((c) => c.url.endsWith(`/export-jobs/${JOB}`)).length;
  await act(async () => {
    await jest.advanceTimersByTimeAsync(POLL_MS - 1);
  });
  expect(polls()).toBe(0);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1);
  });
  expect(polls()).toBe(1);
  expect(bar.getAttribute('aria-valuenow')).toBe('40');
  expect(bar.getAttribute('aria-valuetext')).toBe('40%: Building section 2 of 4');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(POLL_MS);
  });
  expect(bar.getAttribute('aria-valuenow')).toBe('70');
  expect(screen.getByTestId('plan-stage').textContent).toBe('70% · Writing the PDF file');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(POLL_MS);
  });
  expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  // done: the file downloads by itself, once; polling stops
  expect(clicks).toEqual(['Alex-Tan-Client-plan-2026-11-28.pdf']);
  expect(calls.filter((c) => c.url.endsWith('/download'))).toHaveLength(1);
  expect(screen.getByText('PDF file downloaded').textContent).toBe('PDF file downloaded');
  // the focus, lost as Create plan was disabled, is on Download once the file is there
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download PDF' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
  });
  expect(polls()).toBe(3);

  // Download again, then share with a note
  fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(clicks).toHaveLength(2);
  fireEvent.change(screen.getByLabelText('Note to the customer (optional)'), { target: { value: ' Our plan ' } });
  screen.getByRole('button', { name: 'Share with customer' }).focus();
  fireEvent.click(screen.getByRole('button', { name: 'Share with customer' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(calls.at(-1)).toEqual({
    method: 'POST',
    url: `/api/v1/customer/${HH}/export-jobs/${JOB}/share`,
    body: { note: 'Our plan' },
  });
  expect(document.activeElement?.textContent).toBe(SHARED_MESSAGE);
});

it('saves a changed choice as the plan is made', async () => {
  route = (method, url, body) => {
    if (method === 'GET' && url.endsWith('/client-plan')) return { status: 200, body: { data: SAVED } };
    if (method === 'PUT')
      return { status: 200, body: { data: { ...(body as object), saved_at: '2026-11-28T10:00:00Z' } } };
    if (method === 'POST' && url.endsWith('/export-jobs')) return { status: 202, body: { data: job() } };
    return { status: 200, body: { data: job() } };
  };
  open();
  fireEvent.click(await screen.findByRole('button', { name: 'Move Goals down' }));
  fireEvent.click(screen.getByRole('button', { name: 'SGD' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
  await screen.findByRole('progressbar');
  const [put, post] = calls.filter((c) => c.method !== 'GET');
  expect(put).toMatchObject({
    method: 'PUT',
    body: { sections: ['summary', 'cashflow', 'goals', 'scenario'], currency: 'SGD' },
  });
  expect(post).toMatchObject({
    method: 'POST',
    body: { report: 'client-plan', sections: ['summary', 'cashflow', 'goals', 'scenario'], currency: 'SGD' },
  });
});

it('says in words why the saved choice, the job or the plan failed, and tries again', async () => {
  let settingsFail = true;
  let startFail = true;
  route = (method, url) => {
    if (method === 'GET' && url.endsWith('/client-plan'))
      return settingsFail
        ? { status: 500, body: { message: 'The service is busy' } }
        : { status: 200, body: { data: SAVED } };
    if (method === 'POST' && url.endsWith('/export-jobs'))
      return startFail
        ? { status: 400, body: { message: 'sections: Choose each section once' } }
        : { status: 202, body: { data: job({ status: 'failed', stage: 'The scenario could not be run' }) } };
    return { status: 404, body: { message: 'Not found' } };
  };
  open();
  expect((await screen.findByRole('alert')).textContent).toBe(
    "The plan's sections could not be loaded: The service is busy",
  );
  settingsFail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('list', { name: 'Sections of the plan' });
  expect(screen.queryByRole('alert')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
  expect((await screen.findByRole('alert')).textContent).toBe('sections: Choose each section once');
  expect(screen.queryByRole('progressbar')).toBeNull();
  startFail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'The plan could not be made: The scenario could not be run',
  );
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
  expect(clicks).toEqual([]);
});

it('shows the customer the saved choice to make the plan from, with nothing to save or share', async () => {
  userType = 'customer';
  route = (method, url) => {
    if (method === 'GET' && url.endsWith('/client-plan'))
      return { status: 200, body: { data: { ...SAVED, currency: 'RM' } } };
    if (method === 'GET' && url.endsWith('/advisor/public'))
      return { status: 200, body: { data: { name: 'Jane Lim' } } };
    if (method === 'POST' && url.endsWith('/export-jobs'))
      return { status: 202, body: { data: job({ format: 'pptx' }) } };
    return { status: 404, body: { message: 'Not found' } };
  };
  open('customer');
  const list = await screen.findByRole('list', { name: 'Sections of the plan' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Summary', 'Goals', 'Cash flow', 'Scenario and Monte Carlo']);
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Save choice' })).toBeNull();
  expect(screen.getByText('Currency: RM').textContent).toBe('Currency: RM');
  fireEvent.click(screen.getByRole('button', { name: 'PowerPoint' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
  await screen.findByRole('progressbar');
  // the customer's plan is the advisor's saved choice: no sections or currency in the body
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    report: 'client-plan',
    format: 'pptx',
    branding: { advisor_name: 'Jane Lim' },
  });
  expect(screen.queryByRole('button', { name: 'Share with customer' })).toBeNull();
});

describe('issue 37: the plan as a job, its progress live', () => {
  let live: FakeLiveSocket;
  beforeEach(() => {
    live = fakeLiveSocket();
  });
  afterEach(() => setSocketOpenerForTests(null));
  const news = (over: Partial<Parameters<FakeLiveSocket['progress']>[0]>) =>
    act(() => live.progress(fakeJob({ id: JOB, kind: 'export', household_id: HH, ...over })));
  const start = async () => {
    open('advisor');
    await screen.findByRole('button', { name: 'Create plan' });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    return screen.findByRole('progressbar', { name: 'Making the client plan' });
  };

  it('moves the bar from job:progress before any poll, then downloads the file once done', async () => {
    const done = job({
      status: 'done',
      progress: 100,
      stage: 'Done',
      file_name: 'Alex-Tan-Client-plan.pdf',
      download_path: `customer/${HH}/export-jobs/${JOB}/download`,
    });
    route = (method, url) => {
      if (method === 'GET' && url.endsWith('/client-plan')) return { status: 200, body: { data: SAVED } };
      if (method === 'POST' && url.endsWith('/export-jobs')) return { status: 202, body: { data: job() } };
      if (method === 'GET' && url.endsWith(`/export-jobs/${JOB}`)) return { status: 200, body: { data: done } };
      if (method === 'GET' && url.endsWith('/download')) return { status: 200, file: 'Alex-Tan-Client-plan.pdf' };
      return { status: 404, body: { message: 'Not found' } };
    };
    const bar = await start();
    news({ status: 'running', progress: 40, stage: 'Building section 2 of 4', ahead: null });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('40%: Building section 2 of 4');
    // an older message changes nothing
    news({ status: 'queued', progress: 0, stage: 'Waiting for its turn' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(calls.filter((c) => c.url.endsWith(`/export-jobs/${JOB}`))).toEqual([]);
    news({ status: 'done', progress: 100, stage: 'Done', ahead: null });
    await waitFor(() => expect(clicks).toEqual(['Alex-Tan-Client-plan.pdf']));
    expect(screen.getByText('The plan is ready.').textContent).toBe('The plan is ready.');
  });

  it('Cancel stops the job (POST jobs/:id/cancel) and says so; Create plan is offered again', async () => {
    route = (method, url) => {
      if (method === 'GET' && url.endsWith('/client-plan')) return { status: 200, body: { data: SAVED } };
      if (method === 'POST' && url.endsWith('/export-jobs')) return { status: 202, body: { data: job() } };
      if (method === 'POST' && url.endsWith(`/jobs/${JOB}/cancel`))
        return { status: 200, body: { data: fakeJob({ id: JOB, kind: 'export', status: 'cancelled' }) } };
      return { status: 404, body: { message: 'Not found' } };
    };
    await start();
    news({ status: 'running', progress: 20, stage: 'Building section 1 of 4', ahead: null });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Making the plan was cancelled.')).toBeInstanceOf(Element);
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/v1/jobs/${JOB}/cancel`)).toBe(true);
    expect(screen.queryByRole('progressbar', { name: 'Making the client plan' })).toBeNull();
    news({ status: 'running', progress: 30, stage: 'Building section 2 of 4', ahead: null });
    expect(screen.queryByRole('progressbar', { name: 'Making the client plan' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Create plan' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
