/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { nameMismatches } from '../../../../packages/ui-kit/test/names';
import App from '../../App';

/**
 * Issue 32, "Rate tables an admin keeps": the back office's Rate tables screen against the API of
 * /work/briefs/rate-tables-api.md (GET admin/rate-tables → { tables }, POST admin/rate-tables/:kind/versions → the
 * version, 201; a refusal is a 400 naming the problem). The service answers through the stubbed ui-kit api.
 */
type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

type Version = {
  kind: string;
  name: string;
  from_year: number;
  to_year: number | null;
  source: { publisher: string; title: string; url: string };
  figures: Record<string, unknown>;
  origin: 'built_in' | 'admin';
  created_by: { id: string; name: string } | null;
  created_at: string | null;
};
type Table = { kind: string; title: string; in_force: string; versions: Version[] };

const CPF_URL = 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay';
const KWSP_URL = 'https://www.kwsp.gov.my/en/others/resource-centre/dividend';
const builtIn = (v: Omit<Version, 'origin' | 'created_by' | 'created_at'>): Version => ({
  ...v,
  origin: 'built_in',
  created_by: null,
  created_at: null,
});
/** A CPF version's figures, cut down to the shapes that matter here: bands, a nested object and plain figures. */
const cpfFigures = (owCeiling: number, employer55: number) => ({
  rates: [
    { toAge: 55, employer: 17, employee: 20, total: 37 },
    { toAge: 60, employer: employer55, employee: 18, total: employer55 + 18 },
    { toAge: null, employer: 7.5, employee: 5, total: 12.5 },
  ],
  owCeiling,
  annualCeiling: 102_000,
  extraInterest: { first: 60_000, oaCap: 20_000, rate: 1 },
  lifeBasicPremiumShare: 0.15,
});

let db: Table[];
const base = (): Table[] => [
  {
    kind: 'cpf',
    title: 'CPF (Singapore)',
    in_force: 'cpf@2026',
    versions: [
      builtIn({
        kind: 'cpf',
        name: 'cpf@2025',
        from_year: 2025,
        to_year: 2025,
        source: {
          publisher: 'CPF Board',
          title: 'CPF contribution and allocation rates from 1 January 2025',
          url: CPF_URL,
        },
        figures: cpfFigures(7_400, 15.5),
      }),
      builtIn({
        kind: 'cpf',
        name: 'cpf@2026',
        from_year: 2026,
        to_year: null,
        source: {
          publisher: 'CPF Board',
          title: 'CPF contribution and allocation rates from 1 January 2026',
          url: CPF_URL,
        },
        figures: cpfFigures(8_000, 16),
      }),
    ],
  },
  {
    kind: 'epfDividend',
    title: 'EPF dividends',
    in_force: 'epfDividend@2024',
    versions: [
      builtIn({
        kind: 'epfDividend',
        name: 'epfDividend@2023',
        from_year: 2023,
        to_year: 2023,
        source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2023 (declared 2024)', url: KWSP_URL },
        figures: { rate: 5.5 },
      }),
      {
        kind: 'epfDividend',
        name: 'epfDividend@2024',
        from_year: 2024,
        to_year: null,
        source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2024 (declared 2025)', url: KWSP_URL },
        figures: { rate: 6.3 },
        origin: 'admin',
        created_by: { id: '00000000-0000-4000-8000-0000000000ad', name: 'Aisha Rahman' },
        created_at: '2026-11-20T03:15:00.000Z',
      },
    ],
  },
];

/** The service as the brief describes it: one refusal (a negative rate), else the version is stored. */
function serve(c: Call): unknown {
  if (c.method === 'GET' && c.path === 'admin/rate-tables') return { tables: db };
  const m = /^admin\/rate-tables\/(\w+)\/versions$/.exec(c.path);
  if (c.method === 'POST' && m) {
    const table = db.find((t) => t.kind === m[1]) as Table;
    const b = c.body as {
      from_year: number;
      to_year?: number | null;
      source: Version['source'];
      figures: { rate?: number };
    };
    if ((b.figures.rate ?? 0) < 0)
      throw new ApiError(400, {
        message: `figures.rate must not be negative (it is ${b.figures.rate}).`,
        errors: [{ 'figures.rate': ['must not be negative'] }],
      });
    const v: Version = {
      kind: table.kind,
      name: `${table.kind}@${b.from_year}`,
      from_year: b.from_year,
      to_year: b.to_year ?? null,
      source: b.source,
      figures: b.figures,
      origin: 'admin',
      created_by: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Demo Admin' },
      created_at: '2026-11-28T02:00:00.000Z',
    };
    table.versions.push(v);
    return v;
  }
  throw new ApiError(404, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  db = base();
  stub.handler = serve;
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard/rate-tables']}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}
async function open() {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Rate tables' })).toBeInstanceOf(Element);
  await screen.findByRole('heading', { level: 2, name: 'CPF (Singapore)' });
}
const section = (title: string) => screen.getByRole('region', { name: title });
const version = (title: string, name: string) =>
  within(section(title)).getByRole('article', { name: new RegExp(name) });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((r) => r.closest('table') === table)
    .map((r) => Array.from(r.querySelectorAll(':scope > th, :scope > td')).map((c) => c.textContent));

describe('admin Rate tables', () => {
  it('shows a skeleton while the tables load, then every table with the version in force and its number of versions', async () => {
    renderPage();
    expect(screen.getByTestId('skeleton')).toBeInstanceOf(Element);
    expect(screen.getByText('Loading rate tables')).toBeInstanceOf(Element);
    await screen.findByRole('heading', { level: 2, name: 'CPF (Singapore)' });
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('admin/rate-tables'))).toEqual([
      { method: 'GET', path: 'admin/rate-tables' },
    ]);
    const summary = screen.getByRole('table', { name: 'Rate tables and the version in force' });
    expect(rowTexts(summary)).toEqual([
      ['Table', 'In force this year', 'Versions'],
      ['CPF (Singapore)', '2026 onward (cpf@2026)', '2'],
      ['EPF dividends', '2024 onward (epfDividend@2024)', '2'],
    ]);
    // the title leads to the table's own section, for keyboard and screen-reader users
    expect(within(summary).getByRole('link', { name: 'EPF dividends' }).getAttribute('href')).toBe(
      '#rate-table-epfDividend',
    );
    expect(section('EPF dividends').id).toBe('rate-table-epfDividend');
  });

  it('names who added a version from the back office’s users list (the service stores the admin by id)', async () => {
    // the service knows no admin's name: it stores 'Admin' with the id; the users list names the id
    (db[1]?.versions[1] as Version).created_by = { id: '00000000-0000-4000-8000-0000000000ad', name: 'Admin' };
    stub.handler = (c) =>
      c.method === 'POST' && c.path === 'admin/get-filtered-users'
        ? {
            rows:
              (c.body as { status: string }).status === 'deactivated'
                ? [{ id: '00000000-0000-4000-8000-0000000000ad', name: 'Siti Noor' }]
                : [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'Demo Admin' }],
          }
        : serve(c as Call);
    await open();
    const added = version('EPF dividends', 'epfDividend@2024');
    expect(within(added).getByText('Added by Siti Noor on 20 Nov 2026')).toBeInstanceOf(Element);
    expect(
      calls.filter((c) => c.path === 'admin/get-filtered-users').map((c) => (c as { body?: unknown }).body),
    ).toEqual([
      { status: 'active', type: 'admin', page: 1, page_size: 200 },
      { status: 'deactivated', type: 'admin', page: 1, page_size: 200 },
    ]);
  });

  it('lists each version with its period, publisher, the document as a link, and who added it; no version can be edited', async () => {
    await open();
    const cpf2025 = version('CPF (Singapore)', 'cpf@2025');
    expect(within(cpf2025).getByRole('heading', { level: 3 }).textContent).toBe('2025 – 2025');
    expect(within(cpf2025).getByText('CPF Board')).toBeInstanceOf(Element);
    const doc = within(cpf2025).getByRole('link', {
      name: /CPF contribution and allocation rates from 1 January 2025/,
    });
    expect(doc.getAttribute('href')).toBe(CPF_URL);
    expect(within(cpf2025).getByText('Built in')).toBeInstanceOf(Element);

    const cpf2026 = version('CPF (Singapore)', 'cpf@2026');
    expect(within(cpf2026).getByRole('heading', { level: 3 }).textContent).toBe('2026 onwardIn force this year');
    // the newest version comes first
    const articles = within(section('CPF (Singapore)')).getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      '2026 onward (cpf@2026)',
      '2025 – 2025 (cpf@2025)',
    ]);

    const added = version('EPF dividends', 'epfDividend@2024');
    expect(within(added).getByText('Added by Aisha Rahman on 20 Nov 2026')).toBeInstanceOf(Element);

    // a new version, never an edit: nothing on the page edits or deletes a version
    expect(screen.queryAllByRole('button', { name: /edit|delete|remove/i })).toEqual([]);
    expect(screen.getAllByRole('button', { name: /^Add version/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add version to CPF (Singapore)',
      'Add version to EPF dividends',
    ]);
    expect(nameMismatches()).toEqual([]);
  });

  it('shows the figures as tables, bands as rows and numbers formatted, never as raw JSON', async () => {
    await open();
    const cpf2026 = version('CPF (Singapore)', 'cpf@2026');
    const rates = within(cpf2026).getByRole('table', { name: 'Rates' });
    expect(rowTexts(rates)).toEqual([
      ['To age', 'Employer', 'Employee', 'Total'],
      ['55', '17', '20', '37'],
      ['60', '16', '18', '34'],
      ['—', '7.5', '5', '12.5'],
    ]);
    const extra = within(cpf2026).getByRole('table', { name: 'Extra interest' });
    expect(rowTexts(extra)).toEqual([
      ['First', '60,000'],
      ['OA cap', '20,000'],
      ['Rate', '1'],
    ]);
    const plain = within(cpf2026).getByRole('table', { name: 'Figures of cpf@2026' });
    expect(rowTexts(plain)).toEqual([
      ['OW ceiling', '8,000'],
      ['Annual ceiling', '102,000'],
      ['Life basic premium share', '0.15'],
    ]);
    expect(document.body.textContent).not.toMatch(/[{"]/);
    // the version in force shows its figures open; an older one keeps them folded (a native disclosure)
    const folded = (name: string) =>
      (version('CPF (Singapore)', name).querySelector('details') as HTMLDetailsElement).open;
    expect([folded('cpf@2026'), folded('cpf@2025')]).toEqual([true, false]);
  });

  it('adds a version: the form starts from the newest figures, saves with a progress state, and the new version is listed', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add version to EPF dividends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a version of EPF dividends' });
    const form = within(dialog).getByRole('form', { name: 'New version of EPF dividends' });
    expect((within(form).getByLabelText('From year') as HTMLInputElement).value).toBe('2025');
    expect((within(form).getByLabelText(/To year/) as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Publisher') as HTMLInputElement).value).toBe('KWSP (EPF)');
    expect((within(form).getByLabelText('Document title') as HTMLInputElement).value).toBe('');
    const figures = within(form).getByLabelText('Figures (JSON)') as HTMLTextAreaElement;
    expect(figures.tagName).toBe('TEXTAREA');
    expect(JSON.parse(figures.value)).toEqual({ rate: 6.3 });
    expect(getComputedStyle(figures).fontFamily).toMatch(/monospace/);

    fireEvent.change(within(form).getByLabelText('From year'), { target: { value: '2099' } });
    fireEvent.change(within(form).getByLabelText('Document title'), { target: { value: 'Dividend for 2099' } });
    fireEvent.change(within(form).getByLabelText('Document address'), { target: { value: KWSP_URL } });
    fireEvent.change(figures, { target: { value: '{"rate": 5.5}' } });

    let answer: (v: unknown) => void = () => undefined;
    const handled = serve;
    stub.handler = (c) =>
      c.method === 'POST' ? new Promise((resolve) => (answer = resolve)).then(() => handled(c)) : handled(c);
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save version' }));
    });
    const save = within(form).getByRole('button', { name: 'Save version' });
    expect([save.getAttribute('aria-busy'), (save as HTMLButtonElement).disabled]).toEqual(['true', true]);
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('admin/rate-tables'))).toEqual([
      {
        method: 'POST',
        path: 'admin/rate-tables/epfDividend/versions',
        body: {
          from_year: 2099,
          source: { publisher: 'KWSP (EPF)', title: 'Dividend for 2099', url: KWSP_URL },
          figures: { rate: 5.5 },
        },
      },
    ]);
    await act(async () => answer(undefined));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Added epfDividend@2099 (2099 onward) to EPF dividends.');
    // the list is read again: the new version is there, with who added it
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    const added = version('EPF dividends', 'epfDividend@2099');
    expect(within(added).getByRole('heading', { level: 3 }).textContent).toBe('2099 onward');
    expect(within(added).getByText('Added by Demo Admin on 28 Nov 2026')).toBeInstanceOf(Element);
    expect(
      within(added)
        .getByRole('link', { name: /Dividend for 2099/ })
        .getAttribute('href'),
    ).toBe(KWSP_URL);
    expect(rowTexts(within(added).getByRole('table', { name: 'Figures of epfDividend@2099' }))).toEqual([
      ['Rate', '5.5'],
    ]);
  });

  it("shows the service's refusal beside the form as an alert and keeps what was typed; nothing is listed", async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add version to EPF dividends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a version of EPF dividends' });
    fireEvent.change(within(dialog).getByLabelText('Document title'), { target: { value: 'Dividend for 2025' } });
    fireEvent.change(within(dialog).getByLabelText('Document address'), { target: { value: KWSP_URL } });
    fireEvent.change(within(dialog).getByLabelText('Figures (JSON)'), { target: { value: '{"rate": -1}' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    });
    // the whole message, which names the figure, not only the field's short note
    expect(within(dialog).getByRole('alert').textContent).toBe('figures.rate must not be negative (it is -1).');
    expect((within(dialog).getByLabelText('Figures (JSON)') as HTMLTextAreaElement).value).toBe('{"rate": -1}');
    expect(within(dialog).getByRole('button', { name: 'Save version' }).getAttribute('aria-busy')).toBeNull();
    expect(db[1]?.versions).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('reads a refusal in the { error: { code, message } } shape too', async () => {
    await open();
    stub.handler = (c) => {
      if (c.method === 'POST')
        throw new ApiError(400, {
          error: {
            code: 'validation_failed',
            message:
              'The cpf version from 2029 leaves a gap: the version from 2026 ends in 2027 and nothing covers 2028.',
          },
        });
      return serve(c);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Add version to CPF (Singapore)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a version of CPF (Singapore)' });
    expect((within(dialog).getByLabelText('From year') as HTMLInputElement).value).toBe('2027');
    fireEvent.change(within(dialog).getByLabelText('From year'), { target: { value: '2029' } });
    fireEvent.change(within(dialog).getByLabelText('Document title'), { target: { value: 'CPF rates 2029' } });
    fireEvent.change(within(dialog).getByLabelText('Document address'), { target: { value: CPF_URL } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The cpf version from 2029 leaves a gap: the version from 2026 ends in 2027 and nothing covers 2028.',
    );
  });

  it('checks the form before sending: figures that are not JSON, a year not after the newest version, an address that is not https', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add version to CPF (Singapore)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a version of CPF (Singapore)' });
    const figures = within(dialog).getByLabelText('Figures (JSON)') as HTMLTextAreaElement;
    fireEvent.change(within(dialog).getByLabelText('From year'), { target: { value: '2026' } });
    fireEvent.change(within(dialog).getByLabelText(/To year/), { target: { value: '2025' } });
    fireEvent.change(within(dialog).getByLabelText('Document address'), {
      target: { value: 'http://www.cpf.gov.sg/' },
    });
    fireEvent.change(figures, { target: { value: '{"rates": [' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    });
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('admin/rate-tables'))).toEqual([]);
    const errorOf = (label: string | RegExp) => {
      const field = within(dialog).getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      // the field's error is the one of its descriptions shown as an alert (the others are hints)
      const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
      const shown = ids.map((id) => document.getElementById(id)).filter((el) => el?.getAttribute('role') === 'alert');
      return shown.map((el) => el?.textContent).join(' | ');
    };
    expect(errorOf('From year')).toBe(
      'A new version starts after 2026, the first year of the newest version (cpf@2026): a past version is never changed.',
    );
    expect(errorOf(/To year/)).toBe('The last year cannot be before the first year.');
    expect(errorOf('Document title')).toBe("Enter the document's title.");
    expect(errorOf('Document address')).toBe("Enter the document's address, starting with https://.");
    expect(errorOf('Figures (JSON)')).toMatch(/^The figures are not valid JSON: /);

    fireEvent.change(figures, { target: { value: '[1, 2]' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
    });
    expect(errorOf('Figures (JSON)')).toBe('The figures must be one JSON object ({ … }), like the newest version’s.');
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('admin/rate-tables'))).toEqual([]);
  });

  it('works from the keyboard: the dialog takes focus, Escape closes it unchanged and focus goes back to Add version', async () => {
    await open();
    const add = screen.getByRole('button', { name: 'Add version to CPF (Singapore)' });
    add.focus();
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add a version of CPF (Singapore)' });
    // focus moves into the dialog (ui-kit's Modal puts it on the first control, today its Close button) and stays there
    expect(dialog.contains(document.activeElement)).toBe(true);
    // every field has its label (no placeholder-only field)
    for (const label of ['From year', /To year/, 'Publisher', 'Document title', 'Document address', 'Figures (JSON)'])
      expect(within(dialog).getByLabelText(label)).toBeInstanceOf(HTMLElement);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
    // a folded version's figures open from its summary, a native control (Enter and Space open it)
    const older = version('CPF (Singapore)', 'cpf@2025');
    expect(within(older).getByText('Figures').tagName).toBe('SUMMARY');
  });

  it('says when the stored versions fail validation and projections keep the last good set, under the table concerned', async () => {
    const problem = {
      kind: 'cpf',
      field: 'cpf@2027.from_year',
      message: 'The cpf version from 2027 overlaps the version from 2026 (in force to 2027).',
    };
    stub.handler = (c) =>
      c.method === 'GET' ? { tables: [{ ...db[0], problems: [problem] }, db[1]], problems: [problem] } : serve(c);
    await open();
    expect(screen.getByText(/projections keep using the last set that did/)).toBeInstanceOf(Element);
    expect(within(section('CPF (Singapore)')).getByText(problem.message)).toBeInstanceOf(Element);
    expect(within(section('EPF dividends')).queryByText(/fail validation/)).toBeNull();
  });

  it('shows a load failure as an alert with a way to try again, and an empty list as such', async () => {
    stub.handler = () => {
      throw new ApiError(500, {});
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    stub.handler = () => ({ tables: [] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByText('No rate tables')).toBeInstanceOf(Element);
  });
});
