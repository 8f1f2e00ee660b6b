/** @jest-environment jsdom */
import { INSURANCE_PLAN_TYPES } from '@kinfolio/contracts/src/plan-types';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const CO = '00000000-0000-4000-8000-0000000000c1';
const P1 = '00000000-0000-4000-8000-0000000000a1';
const categories = [
  { id: 'life', name: 'Life', position: 0 },
  { id: 'health', name: 'Health', position: 1 },
];
const types = [
  { id: 'whole-life', name: 'Whole Life', category: 'life', investment_linked: false, position: 0 },
  { id: 'term', name: 'Term', category: 'life', investment_linked: false, position: 1 },
  { id: 'medical', name: 'Medical / Hospitalisation', category: 'health', investment_linked: false, position: 2 },
];
const plan = {
  id: P1,
  name: 'LifeShield',
  insurance_company: CO,
  company_name: 'AIA',
  category: 'life',
  plan_type: 'whole-life',
  currency: 'SGD',
  additional_coverage_premium: 50,
  data_by_age: [{ age: 30, male: 1200, female: 1100 }],
  riders: [{ name: 'CI rider', data_by_age: [{ age: 30, premium: 200 }] }],
  updated_at: '2026-01-01T00:00:00.000Z',
};
let companies: Array<{ id: string; name: string; country: string | null; plan_count: number }>;

function serve(c: Call): unknown {
  if (c.method === 'GET' && c.path === 'admin/insurance-plans') {
    const q = (c.query as { search?: string } | undefined)?.search;
    const { data_by_age: _d, riders: _r, ...summary } = plan;
    const rows = [{ ...summary, premium_rows: 1, rider_count: 1 }];
    return q && !'lifeshield aia'.includes(q.toLowerCase()) ? [] : rows;
  }
  if (c.method === 'GET' && c.path === 'admin/insurance/company') return companies;
  if (c.method === 'GET' && c.path === 'admin/insurance-plans-category') return categories;
  if (c.method === 'GET' && c.path === 'admin/insurance-plan-types') return types;
  if (c.method === 'GET' && c.path === 'currency-rates')
    return { base: 'RM', rates: [{ code: 'RM' }, { code: 'SGD' }, { code: 'USD' }] };
  if (c.method === 'GET' && c.path === `admin/insurance-plans/${P1}`) return plan;
  if (c.method === 'POST' && c.path === 'admin/insurance-plans/create') return { ...plan, id: 'new' };
  if (c.method === 'PATCH' && c.path === `admin/insurance-plans/${P1}/update`) return plan;
  if (c.method === 'POST' && c.path === 'admin/insurance-plans/premium-table/parse') {
    if ((c.body as { file_name: string }).file_name === 'bad.csv')
      throw new ApiError(400, {
        message: "Row 3, column B (male): 'abc' is not a premium amount (and 1 more)",
        errors: [
          { 'rows.3.male': ["Row 3, column B (male): 'abc' is not a premium amount"] },
          { 'rows.4.age': ['Row 4, column A (age): 131 is not an age from 0 to 120'] },
        ],
      });
    return {
      data_by_age: [
        { age: 40, male: 2000, female: null },
        { age: 41, male: 2100.5, female: 1900 },
      ],
      rows: 2,
    };
  }
  if (c.method === 'POST' && c.path === 'admin/insurance/company') {
    const b = c.body as { name: string; country: string | null };
    const row = { id: '00000000-0000-4000-8000-0000000000c2', name: b.name, country: b.country, plan_count: 0 };
    companies.push(row);
    return row;
  }
  if (c.method === 'DELETE' && c.path === `admin/insurance/company/${CO}`)
    throw new ApiError(409, {
      message: 'One household policy uses this company or one of its plans: it cannot be deleted while they do',
    });
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  companies = [{ id: CO, name: 'AIA', country: 'SG', plan_count: 1 }];
  stub.handler = serve;
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}
const csvFile = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('admin Insurance Plans', () => {
  it('replaces the later-release placeholder with the searchable plan list', async () => {
    renderAt('/admin-dashboard/insurance-plans');
    expect(screen.getByRole('heading', { name: 'Insurance Plans' })).toBeInstanceOf(Element);
    expect(screen.getByText('Loading plans')).toBeInstanceOf(Element);
    await screen.findByText('LifeShield');
    const row = screen.getByText('LifeShield').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(['LifeShield', 'AIA', 'Life', 'Whole Life', '1', '1']);
    fireEvent.change(screen.getByLabelText('Search plans', { selector: 'input' }), { target: { value: 'prudential' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(calls.filter((c) => c.path === 'admin/insurance-plans').pop()?.query).toEqual({ search: 'prudential' });
    expect(await screen.findByText('No plan matches this search')).toBeInstanceOf(Element);
  });

  it('adds a plan: every plan type the advisor has (9), the type sets its category, premiums imported from a file, a rider, one create call', async () => {
    renderAt('/admin-dashboard/insurance-plans');
    await screen.findByText('LifeShield');
    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add plan' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    });
    expect(within(dialog).getByText('Enter name')).toBeInstanceOf(Element);
    expect(within(dialog).getByText('Choose a company')).toBeInstanceOf(Element);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Plan name'), { target: { value: 'HealthFirst' } });
    fireEvent.change(within(dialog).getByLabelText('Company'), { target: { value: CO } });
    // issue 31 item 8: the same 9 plan types as the advisor's policy editor, whatever the category
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'life' } });
    const typeOptions = within(within(dialog).getByLabelText('Plan type') as HTMLElement)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(typeOptions).toEqual(['Select plan type', ...INSURANCE_PLAN_TYPES.map((x) => x.name)]);
    expect(typeOptions).toHaveLength(1 + 9);
    fireEvent.change(within(dialog).getByLabelText('Plan type'), { target: { value: 'medical' } });
    expect((within(dialog).getByLabelText('Category') as HTMLSelectElement).value).toBe('health');

    // a bad file: its row errors are listed, nothing is filled in
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Import premium table'), {
        target: { files: [csvFile('bad.csv', 'age,male\n30,1\nabc,2\n')] },
      });
    });
    const errors = await within(dialog).findByRole('alert', { name: 'Import errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "Row 3, column B (male): 'abc' is not a premium amount",
      'Row 4, column A (age): 131 is not an age from 0 to 120',
    ]);
    // a good one fills the premium table
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Import premium table'), {
        target: { files: [csvFile('premiums.csv', 'age,male,female\n40,2000,\n41,2100.5,1900\n')] },
      });
    });
    await within(dialog).findByText('Read 2 ages from premiums.csv. Save the plan to keep them.');
    const parse = calls.find(
      (c) =>
        c.path === 'admin/insurance-plans/premium-table/parse' &&
        (c.body as { file_name: string }).file_name === 'premiums.csv',
    );
    expect(Buffer.from(((parse as Call).body as { content: string }).content, 'base64').toString()).toBe(
      'age,male,female\n40,2000,\n41,2100.5,1900\n',
    );
    expect((within(dialog).getByLabelText('Male premium, row 2') as HTMLInputElement).value).toBe('2100.5');
    // one more age typed in, and a rider
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add age' }));
    expect((within(dialog).getByLabelText('Age, row 3') as HTMLInputElement).value).toBe('42');
    fireEvent.change(within(dialog).getByLabelText('Female premium, row 3'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rider' }));
    fireEvent.change(within(dialog).getByLabelText('Rider 1 name'), { target: { value: 'Waiver of premium' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rider age' }));
    fireEvent.change(within(dialog).getByLabelText('Rider 1 age, row 1'), { target: { value: '40' } });
    fireEvent.change(within(dialog).getByLabelText('Rider 1 premium, row 1'), { target: { value: '35.5' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    });
    expect(calls.find((c) => c.path === 'admin/insurance-plans/create')?.body).toEqual({
      name: 'HealthFirst',
      insurance_company: CO,
      category: 'health',
      plan_type: 'medical',
      currency: 'SGD',
      additional_coverage_premium: null,
      data_by_age: [
        { age: 40, male: 2000, female: null },
        { age: 41, male: 2100.5, female: 1900 },
        { age: 42, male: null, female: 2000 },
      ],
      riders: [{ name: 'Waiver of premium', data_by_age: [{ age: 40, premium: 35.5 }] }],
    });
    expect(screen.getByRole('status').textContent).toBe("Added the plan 'HealthFirst'.");
  });

  it('edits a plan loaded with its premium table; a duplicate age is caught before sending', async () => {
    renderAt('/admin-dashboard/insurance-plans');
    await screen.findByText('LifeShield');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit LifeShield' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan' });
    expect((within(dialog).getByLabelText('Male premium, row 1') as HTMLInputElement).value).toBe('1200');
    expect((within(dialog).getByLabelText('Rider 1 name') as HTMLInputElement).value).toBe('CI rider');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add age' }));
    fireEvent.change(within(dialog).getByLabelText('Age, row 2'), { target: { value: '30' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    });
    expect(
      within(within(dialog).getByRole('list', { name: 'Premium table errors' })).getByRole('listitem').textContent,
    ).toBe('Row 2: Age 30 is listed twice');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove row 2' }));
    fireEvent.change(within(dialog).getByLabelText('Additional coverage premium', { exact: false }), {
      target: { value: '75' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `admin/insurance-plans/${P1}/update`,
      body: { additional_coverage_premium: 75, data_by_age: [{ age: 30, male: 1200, female: 1100 }] },
    });
  });
});

describe('admin Insurance Companies', () => {
  it('lists, adds a company, and shows why a used company cannot be deleted', async () => {
    renderAt('/admin-dashboard/insurance/company');
    expect(screen.getByRole('heading', { name: 'Insurance Companies' })).toBeInstanceOf(Element);
    await screen.findByText('AIA');
    fireEvent.click(screen.getByRole('button', { name: 'Add company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add company' });
    fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Great Eastern' } });
    fireEvent.change(within(dialog).getByLabelText('Country', { exact: false }), { target: { value: 'sg' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save company' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Great Eastern', country: 'SG' });
    expect(await screen.findByText('Great Eastern')).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Delete AIA' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this company?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(within(confirm).getByRole('alert').textContent).toBe(
      'One household policy uses this company or one of its plans: it cannot be deleted while they do',
    );
  });
});

describe('admin Insurance Projections Tables', () => {
  it('adds a table of policy values by year for a plan', async () => {
    stub.handler = (c) => {
      if (c.method === 'GET' && c.path === 'admin/insurance-projections-tables') return [];
      if (c.method === 'POST' && c.path === 'admin/insurance-projections-tables/create') return {};
      return serve(c);
    };
    renderAt('/admin-dashboard/projections-tables');
    expect(await screen.findByText('No projection tables yet')).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Add projection table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add projection table' });
    fireEvent.change(within(dialog).getByLabelText('Table name'), { target: { value: 'At 30' } });
    fireEvent.change(within(dialog).getByLabelText('Plan'), { target: { value: P1 } });
    fireEvent.change(within(dialog).getByLabelText('Entry age', { exact: false }), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add year' }));
    fireEvent.change(within(dialog).getByLabelText('Cash value, row 1'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('Death benefit, row 1'), { target: { value: '100000' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save table' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'At 30',
      plan_id: P1,
      entry_age: 30,
      rows: [{ policy_year: 1, premium: null, cash_value: 500, surrender_value: null, death_benefit: 100000 }],
    });
  });
});
