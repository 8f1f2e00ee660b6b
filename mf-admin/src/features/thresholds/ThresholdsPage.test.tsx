/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { nameMismatches } from '../../../../packages/ui-kit/test/names';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const ID = '00000000-0000-4000-8000-0000000000f1';
type Row = {
  id: string | null;
  key: string;
  label: string;
  unit: string;
  value: number;
  default: number | null;
  is_default: boolean;
};
let db: Row[];
const base = (): Row[] => [
  {
    id: null,
    key: 'emergency_fund_months',
    label: 'Emergency fund',
    unit: 'months',
    value: 6,
    default: 6,
    is_default: true,
  },
  {
    id: ID,
    key: 'life_cover_multiple',
    label: 'Life cover (multiple of annual income)',
    unit: 'multiple',
    value: 10,
    default: 9,
    is_default: false,
  },
  {
    id: null,
    key: 'debt_service_ratio_max',
    label: 'Debt service ratio, maximum',
    unit: 'percent',
    value: 55,
    default: 55,
    is_default: true,
  },
];

function serve(c: Call): unknown {
  if (c.method === 'GET' && c.path === 'user/threshold') return db;
  if (c.method === 'POST' && c.path === 'admin/threshold/create') {
    const b = c.body as { key: string; value: number };
    const row = db.find((r) => r.key === b.key) as Row;
    Object.assign(row, { id: '00000000-0000-4000-8000-0000000000f2', value: b.value, is_default: false });
    return row;
  }
  if (c.method === 'PATCH' && c.path === `admin/threshold/${ID}/update`) {
    const row = db.find((r) => r.id === ID) as Row;
    row.value = (c.body as { value: number }).value;
    return row;
  }
  if (c.method === 'DELETE' && c.path === `admin/threshold/${ID}`) {
    const row = db.find((r) => r.id === ID) as Row;
    Object.assign(row, { id: null, value: row.default, is_default: true });
    return undefined;
  }
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  db = base();
  stub.handler = serve;
});

async function open() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard/threshold-management']}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Threshold Management' })).toBeInstanceOf(Element);
  await screen.findByText('Emergency fund');
}
const cells = (label: string) =>
  within(screen.getByText(label).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .slice(0, 3)
    .map((c) => c.textContent);

describe('admin Threshold Management', () => {
  it('lists each threshold with its value and default; only stored values offer a reset', async () => {
    await open();
    expect(cells('Emergency fund')).toEqual(['Emergency fund', '6 months (default)', '6 months']);
    expect(cells('Life cover (multiple of annual income)')).toEqual([
      'Life cover (multiple of annual income)',
      '10 × annual income',
      '9 × annual income',
    ]);
    expect(cells('Debt service ratio, maximum')).toEqual(['Debt service ratio, maximum', '55% (default)', '55%']);
    expect(screen.queryByRole('button', { name: 'Reset to default: Emergency fund' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Reset to default: Life cover (multiple of annual income)' }),
    ).toBeInstanceOf(Element);
    // each button's name starts with what it shows (issue 30 item 11: "Reset to default" was "Reset … to default")
    expect(nameMismatches()).toEqual([]);
  });

  it('a default value is stored with create; a stored one is changed with update; a bad value is refused by the field', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Emergency fund' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Emergency fund' });
    fireEvent.change(within(dialog).getByLabelText('Value (months)'), { target: { value: '9' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save value' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'admin/threshold/create',
      body: { key: 'emergency_fund_months', value: 9 },
    });
    expect(screen.getByRole('status').textContent).toBe("'Emergency fund' is now 9 months.");
    expect(cells('Emergency fund')[1]).toBe('9 months');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Debt service ratio, maximum' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Debt service ratio, maximum' });
    fireEvent.change(within(dialog).getByLabelText('Value (percent)'), { target: { value: '140' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save value' }));
    });
    expect(within(dialog).getByText('Enter a percentage from 0 to 100')).toBeInstanceOf(Element);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Life cover (multiple of annual income)' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Life cover (multiple of annual income)' });
    fireEvent.change(within(dialog).getByLabelText('Value (multiple of annual income)'), { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save value' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `admin/threshold/${ID}/update`,
      body: { value: 12 },
    });
    expect(cells('Life cover (multiple of annual income)')[1]).toBe('12 × annual income');
  });

  it('resets a stored value to its default after a confirmation', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default: Life cover (multiple of annual income)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset to the default?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `admin/threshold/${ID}`)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      "'Life cover (multiple of annual income)' is back to its default, 9 × annual income.",
    );
    expect(cells('Life cover (multiple of annual income)')[1]).toBe('9 × annual income (default)');
  });

  it('shows a load failure as an alert', async () => {
    stub.handler = () => {
      throw new ApiError(500, {});
    };
    render(
      <MemoryRouter initialEntries={['/admin-dashboard/threshold-management']}>
        <Routes>
          <Route path="/admin-dashboard/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
