/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');
const { calls } = stub;

const ADMIN = '00000000-0000-4000-8000-00000000a001';
type Seller = {
  business_name: string;
  address: string;
  registration_number: string;
  tax_registered: boolean;
  tax_number: string | null;
  updated_at: string;
  updated_by: string;
};
let stored: Seller | null;
/** A PUT's reply: the stored details, or this refusal. */
let refuse: InstanceType<typeof ApiError> | null;
/** The GET answers when this resolves (to see the loading skeleton). */
let gate: Promise<void>;

async function serve(c: StubCall): Promise<unknown> {
  if (c.method === 'GET' && c.path === 'admin/billing/seller') {
    await gate;
    return stored;
  }
  if (c.method === 'PUT' && c.path === 'admin/billing/seller') {
    if (refuse) throw refuse;
    stored = {
      ...(c.body as Omit<Seller, 'updated_at' | 'updated_by'>),
      updated_at: '2026-11-28T12:30:00.000Z',
      updated_by: ADMIN,
    };
    return stored;
  }
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  stored = null;
  refuse = null;
  gate = Promise.resolve();
  stub.handler = serve;
});

async function open() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard/seller-details']}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Seller Details' })).toBeInstanceOf(Element);
  return screen.findByRole('form', { name: 'Seller details' });
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save seller details' }));
  });
const puts = () => calls.filter((c) => c.method === 'PUT');

describe('admin Seller Details', () => {
  it('shows a skeleton while loading, then an empty form that says nothing is set yet', async () => {
    let open_: () => void = () => undefined;
    gate = new Promise((resolve) => {
      open_ = resolve;
    });
    render(
      <MemoryRouter initialEntries={['/admin-dashboard/seller-details']}>
        <Routes>
          <Route path="/admin-dashboard/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Loading seller details')).toBeInstanceOf(Element);
    expect(screen.queryByRole('form', { name: 'Seller details' })).toBeNull();
    await act(async () => open_());
    await screen.findByRole('form', { name: 'Seller details' });
    expect(screen.queryByText('Loading seller details')).toBeNull();
    expect(screen.getByText(/Not set yet/)).toBeInstanceOf(Element);
    expect(field('Business Name').value).toBe('');
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    // no tax number field until the business is tax registered
    expect(screen.queryByLabelText('Tax Registration Number')).toBeNull();
  });

  it('checks the fields before sending: each error by its field, focus on the first', async () => {
    await open();
    await save();
    expect(puts()).toEqual([]);
    expect(screen.getByText('Enter the business name')).toBeInstanceOf(Element);
    expect(screen.getByText('Enter the business address')).toBeInstanceOf(Element);
    expect(screen.getByText('Enter the registration number')).toBeInstanceOf(Element);
    expect(field('Business Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Business Name'));

    type('Business Name', 'Kinfolio Sdn. Bhd.');
    type('Business Address', '1\n2\n3\n4\n5\n6\n7');
    type('Registration Number', '2023#1');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await save();
    expect(puts()).toEqual([]);
    expect(screen.getByText('Use at most 6 lines')).toBeInstanceOf(Element);
    expect(screen.getByText('Use letters, digits, spaces and - / . ( ) only')).toBeInstanceOf(Element);
    expect(screen.getByText('Enter the tax registration number')).toBeInstanceOf(Element);
    expect(document.activeElement).toBe(field('Business Address'));
  });

  it('saves the details (tax number when registered) and says so, with who saved them', async () => {
    await open();
    type('Business Name', 'Kinfolio Sdn. Bhd.');
    type('Business Address', ' Level 12, Menara Kinfolio \n\n8 Jalan Sultan Ismail\n50250 Kuala Lumpur');
    type('Registration Number', '202301012345 (1234567-A)');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    type('Tax Registration Number', 'W10-1808-31000000');
    await save();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        path: 'admin/billing/seller',
        body: {
          business_name: 'Kinfolio Sdn. Bhd.',
          address: 'Level 12, Menara Kinfolio\n8 Jalan Sultan Ismail\n50250 Kuala Lumpur',
          registration_number: '202301012345 (1234567-A)',
          tax_registered: true,
          tax_number: 'W10-1808-31000000',
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      'Seller details saved. Receipts of payments recorded from now on carry them.',
    );
    expect(screen.getByText(/^Last saved .* by admin 00000000\.$/)).toBeInstanceOf(Element);
    expect(field('Business Address').value).toBe(
      'Level 12, Menara Kinfolio\n8 Jalan Sultan Ismail\n50250 Kuala Lumpur',
    );
  });

  it('fills the form with the stored details; not registered sends no tax number', async () => {
    stored = {
      business_name: 'Kinfolio Sdn. Bhd.',
      address: 'Level 12\nKuala Lumpur',
      registration_number: '202301012345',
      tax_registered: true,
      tax_number: 'W10-1808-31000000',
      updated_at: '2026-11-01T02:00:00.000Z',
      updated_by: ADMIN,
    };
    await open();
    expect(field('Business Name').value).toBe('Kinfolio Sdn. Bhd.');
    expect(field('Tax Registration Number').value).toBe('W10-1808-31000000');
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Tax Registration Number')).toBeNull();
    await save();
    expect(puts()[0]?.body).toEqual({
      business_name: 'Kinfolio Sdn. Bhd.',
      address: 'Level 12\nKuala Lumpur',
      registration_number: '202301012345',
      tax_registered: false,
      tax_number: null,
    });
  });

  it("shows the service's refusal at its field", async () => {
    refuse = new ApiError(400, {
      message: 'Enter the tax registration number',
      errors: [{ tax_number: ['Enter the tax registration number'] }],
    });
    await open();
    type('Business Name', 'Kinfolio');
    type('Business Address', 'Kuala Lumpur');
    type('Registration Number', '202301012345');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    type('Tax Registration Number', 'W10');
    await save();
    expect(puts()).toHaveLength(1);
    expect(field('Tax Registration Number').getAttribute('aria-invalid')).toBe('true');
    // said once, at the field
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter the tax registration number']);
    expect(field('Tax Registration Number').getAttribute('aria-describedby')).toContain('seller-tax_number-error');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a refusal naming no field under the button', async () => {
    refuse = new ApiError(500, {});
    await open();
    type('Business Name', 'Kinfolio');
    type('Business Address', 'Kuala Lumpur');
    type('Registration Number', '202301012345');
    await save();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Something went wrong']);
  });

  it('shows a load failure as an alert', async () => {
    stub.handler = () => {
      throw new ApiError(500, {});
    };
    render(
      <MemoryRouter initialEntries={['/admin-dashboard/seller-details']}>
        <Routes>
          <Route path="/admin-dashboard/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
