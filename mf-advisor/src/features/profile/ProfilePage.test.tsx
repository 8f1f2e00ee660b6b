/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;
const setUser = jest.fn();
const ME = '00000000-0000-4000-8000-0000000000a1';
let sessionUser: Record<string, unknown> | null = null;

jest.mock('@kinfolio/ui-kit', () => ({
  ...require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi(),
  useSession: () => ({
    user: sessionUser,
    status: sessionUser ? 'loaded' : 'loading',
    setUser,
    refresh: jest.fn(),
    logout: jest.fn(),
  }),
}));
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const advisor = {
  id: ME,
  type: 'advisor',
  name: 'Dana Lee',
  email: 'dana@kinfolio.test',
  username: 'dana',
  profile_image: null,
  gender: 'female',
  designation: 'Financial Planner',
  business_email: 'dana@lee-advisory.sg',
  business_phone: '+65 6123 4567',
  status: 'active',
};

/** The expert-content lists (meta data, testimonials, reviews) the page also loads: empty here. */
function emptyContent(c: Call): unknown {
  if (['advisor/profile-meta-data', 'advisor/testimonial', 'customer/review-and-ratings'].includes(c.path)) return [];
  if (c.path === 'advisor-magnet-files') return { mine: [], available: [] }; // lead magnets (issue 15)
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  calls.length = 0;
  setUser.mockReset();
  sessionUser = { ...advisor };
  stub.handler = (c) => {
    if (c.method === 'GET' && c.path === `users/${ME}`) return { ...advisor };
    if (c.method === 'GET') return emptyContent(c);
    if (c.method === 'PATCH' && c.path === 'user/update') return { ...advisor, ...(c.body as object) };
    throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
  };
});

describe('Expert Positioning basic details', () => {
  it('loads the advisor record into a labelled form', async () => {
    renderAt(`/advisor/profile/${ME}`);
    expect(await screen.findByRole('heading', { name: 'Expert Positioning' })).toBeTruthy();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Dana Lee');
    expect((screen.getByLabelText(/Designation/) as HTMLInputElement).value).toBe('Financial Planner');
    expect((screen.getByLabelText(/Business e-mail/) as HTMLInputElement).value).toBe('dana@lee-advisory.sg');
    expect((screen.getByLabelText(/Business phone/) as HTMLInputElement).value).toBe('+65 6123 4567');
    expect(screen.getAllByText('(Optional)')).toHaveLength(3);
  });

  it('saves the edited details with user/update, updates the session user and says so', async () => {
    renderAt(`/advisor/profile/${ME}`);
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Dana Lee CFP ' } });
    fireEvent.change(screen.getByLabelText(/Designation/), { target: { value: 'Senior Financial Planner' } });
    fireEvent.change(screen.getByLabelText(/Business phone/), { target: { value: '+60 12 345 6789' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: 'user/update',
      body: {
        user_id: ME,
        name: 'Dana Lee CFP',
        designation: 'Senior Financial Planner',
        business_email: 'dana@lee-advisory.sg',
        business_phone: '+60 12 345 6789',
      },
    });
    expect(screen.getByRole('status').textContent).toBe('Your details were saved.');
    expect(setUser).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Dana Lee CFP', designation: 'Senior Financial Planner' }),
    );
  });

  it('shows validation errors by the fields and sends nothing', async () => {
    renderAt(`/advisor/profile/${ME}`);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText(/Business e-mail/), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText(/Business phone/), { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Enter name', 'Enter a valid e-mail address', 'Enter a valid phone number']);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('ignores emoji and forbidden characters as they are typed (spec §5)', async () => {
    renderAt(`/advisor/profile/${ME}`);
    const designation = (await screen.findByLabelText(/Designation/)) as HTMLInputElement;
    fireEvent.change(designation, { target: { value: 'Planner <b>' } });
    expect(designation.value).toBe('Financial Planner');
    expect(designation.getAttribute('data-flash')).toBe('true');
    const phone = screen.getByLabelText(/Business phone/) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '+65 abc' } });
    expect(phone.value).toBe('+65 6123 4567');
  });

  it('shows the server error under the form and by the field it names', async () => {
    stub.handler = (c) => {
      if (c.method === 'GET') return c.path.startsWith('users/') ? { ...advisor } : emptyContent(c);
      throw new ApiError(422, {
        message: 'Validation failed',
        errors: [{ business_email: ['This business e-mail is already used'] }],
      });
    };
    renderAt(`/advisor/profile/${ME}`);
    await screen.findByLabelText('Name');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'This business e-mail is already used',
      'This business e-mail is already used',
    ]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(setUser).not.toHaveBeenCalled();
  });

  it("renders nothing editable for another advisor's id", async () => {
    renderAt('/advisor/profile/00000000-0000-4000-8000-0000000000b2');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows a load failure as an alert', async () => {
    stub.handler = () => {
      throw new ApiError(500, {});
    };
    renderAt(`/advisor/profile/${ME}`);
    const card = await screen.findByRole('alert');
    expect(card.textContent).toBe('Something went wrong');
    expect(within(document.body).queryByRole('form')).toBeNull();
  });
});
