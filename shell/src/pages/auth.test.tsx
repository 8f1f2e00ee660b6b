/** @jest-environment jsdom */
import { ApiError, api, type SessionUser, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  CustomerCreatePasswordPage,
  CustomerForgotPasswordPage,
  CustomerLoginPage,
  CustomerResetPasswordPage,
  ForgotPasswordPage,
  LoginPage,
  PROFILE_IMAGE_HINT,
  ResetPasswordPage,
  SignUpPage,
  VerificationPage,
} from './auth';
import { PROFILE_IMAGE_NOT_IMAGE } from './profileImage';

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

function mount(url: string, Page: () => React.JSX.Element) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={<Page />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('auth pages', () => {
  let post: jest.SpyInstance;
  let patch: jest.SpyInstance;
  beforeEach(() => {
    post = jest.spyOn(api, 'post');
    patch = jest.spyOn(api, 'patch');
  });
  afterEach(() => jest.restoreAllMocks());

  it('sign in: checks the fields locally, clears a field error on typing, shows an API message under the button', async () => {
    mount('/auth/login', LoginPage);
    await submit('Sign In');
    expect(alerts()).toEqual(['Enter email', 'Enter password']);
    expect(post).not.toHaveBeenCalled();
    type('Email', 'ada@example.com');
    expect(alerts()).toEqual(['Enter password']);
    type('Password', 'secret-pass');
    post.mockRejectedValueOnce(new ApiError(400, { message: 'Invalid credentials' }));
    await submit('Sign In');
    expect(post).toHaveBeenCalledWith(
      'auth/login',
      { email: 'ada@example.com', password: 'secret-pass' },
      { catalogue: false },
    );
    expect(alerts()).toEqual(['Invalid credentials']);
  });

  it('customer sign in posts to the customer route and shows the reset notice', async () => {
    mount('/customer/auth/login?reset=1&email=c@example.com', CustomerLoginPage);
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed. Sign in with the new one.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('c@example.com');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/customer/auth/forgot-password',
    );
  });

  it.each([
    [ForgotPasswordPage, 'forget/password', '/auth'],
    [CustomerForgotPasswordPage, 'customer/auth/forgot-password', '/customer/auth'],
  ])(
    'forgot password: sends the code, then a primary button leads on to the reset page (%#)',
    async (Page, path, base) => {
      mount(`${base}/forgot-password`, Page);
      await submit('Send reset code');
      expect(alerts()).toEqual(['Enter email']);
      type('Email', 'ada@example');
      await submit('Send reset code');
      expect(alerts()).toEqual(['Enter a valid e-mail address']);
      type('Email', 'ada@example.com');
      patch.mockResolvedValueOnce(undefined);
      await submit('Send reset code');
      expect(patch).toHaveBeenCalledWith(path, { email: 'ada@example.com' }, { catalogue: false });
      expect(screen.getByRole('status').textContent).toBe(
        'If an account exists for ada@example.com, a reset code is on its way.',
      );
      // The way on is the form's primary button (not a small link); sending again becomes the secondary one.
      expect(screen.queryByRole('button', { name: 'Send reset code' })).toBeNull();
      const next = screen.getByRole('button', { name: 'Enter the code' });
      expect(next.className).not.toBe(screen.getByRole('button', { name: 'Send the code again' }).className);
      patch.mockResolvedValueOnce(undefined);
      await submit('Send the code again');
      expect(patch).toHaveBeenCalledTimes(2);
      fireEvent.click(screen.getByRole('button', { name: 'Enter the code' }));
      expect(screen.getByTestId('where').textContent).toBe(`${base}/reset-password?email=ada%40example.com`);
      expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(`${base}/login`);
    },
  );

  it('verification: the second code verified signs the advisor in and opens the advisor area', async () => {
    mount('/advisor/auth/verification?email=ada@example.com', VerificationPage);
    post.mockResolvedValueOnce({ email_verified: true, mobile_verified: false });
    type('E-mail code', '123456');
    await submit('Verify e-mail');
    expect(screen.getByText('E-mail verified.').textContent).toBe('E-mail verified.');
    expect(screen.getByTestId('where').textContent).toBe('/advisor/auth/verification?email=ada@example.com');
    const user = { id: 'u1', type: 'advisor', name: 'Ada', email: 'ada@example.com' } as SessionUser;
    post.mockResolvedValueOnce({ email_verified: true, mobile_verified: true, token: 't', user });
    type('Mobile code', '654321');
    await submit('Verify mobile');
    expect(post).toHaveBeenLastCalledWith(
      'auth/verify-mobile-otp',
      { email: 'ada@example.com', contact_otp: '654321' },
      { catalogue: false },
    );
    expect(screen.getByTestId('where').textContent).toBe('/advisor/customers');
  });

  it('verification: without a session in the reply, the sign-in page says the account is verified', async () => {
    mount('/advisor/auth/verification?email=ada@example.com', VerificationPage);
    post.mockResolvedValueOnce({ email_verified: true, mobile_verified: true });
    type('E-mail code', '123456');
    await submit('Verify e-mail');
    expect(screen.getByTestId('where').textContent).toBe('/auth/login?verified=1&email=ada%40example.com');
  });

  it.each([
    [ResetPasswordPage, 'reset/password', '/auth'],
    [CustomerResetPasswordPage, 'customer/auth/reset-password', '/customer/auth'],
  ])('reset password: checks code and password, then signs in again (%#)', async (Page, path, base) => {
    mount(`${base}/reset-password?email=ada@example.com`, Page);
    type('Code', '12a34');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('1234');
    await submit('Reset password');
    expect(alerts()).toEqual(['Enter the 6-digit code', 'Password must be at least 8 characters']);
    type('Code', '123456');
    expect(alerts()).toEqual(['Password must be at least 8 characters']);
    type('New password', 'new-secret');
    patch.mockResolvedValueOnce(undefined);
    await submit('Reset password');
    expect(patch).toHaveBeenCalledWith(
      path,
      { email: 'ada@example.com', otp: '123456', password: 'new-secret' },
      { catalogue: false },
    );
    expect(screen.getByTestId('where').textContent).toBe(`${base}/login?reset=1&email=ada%40example.com`);
    expect(screen.getByRole('link', { name: 'Send a new code' }).getAttribute('href')).toBe(`${base}/forgot-password`);
  });

  it('create password: a shared customer sets their first password with the mailed code', async () => {
    mount('/customer/auth/create-password?email=kim@example.com', CustomerCreatePasswordPage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('kim@example.com');
    type('Code', '654321');
    type('Password', 'first-secret');
    patch.mockResolvedValueOnce(undefined);
    await submit('Create password');
    expect(patch).toHaveBeenCalledWith(
      'customer/create/password',
      { email: 'kim@example.com', otp: '654321', password: 'first-secret' },
      { catalogue: false },
    );
    expect(screen.getByTestId('where').textContent).toBe('/customer/auth/login?reset=1&email=kim%40example.com');
  });

  it('sign up: field errors from the API are shown by their fields', async () => {
    mount('/advisor/auth/create-account', SignUpPage);
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type('Password', 'long-enough');
    type('Mobile number', '91 23-4567');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('91234567');
    post.mockRejectedValueOnce(
      new ApiError(422, { message: 'Invalid input', errors: [{ email: ['This e-mail is already registered'] }] }),
    );
    await submit('Create account');
    expect(post).toHaveBeenCalledWith(
      'register',
      {
        name: 'Ada',
        email: 'ada@example.com',
        password: 'long-enough',
        country_code: '+65',
        contact_number: '91234567',
        gender: 'male',
      },
      { catalogue: false },
    );
    expect(alerts()).toEqual(['This e-mail is already registered']);
  });

  it('sign up: an optional profile image, checked by the media upload rules, uploaded and saved at the first sign-in', async () => {
    const file = (name: string, type: string, size = 2048) => {
      const f = new File(['x'], name, { type });
      Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    const pick = (f: File) => fireEvent.change(screen.getByLabelText(/Profile image/), { target: { files: [f] } });
    const view = mount('/advisor/auth/create-account', SignUpPage);
    const picker = screen.getByLabelText(/Profile image/) as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.accept).toBe('.jpg,.jpeg,.png,.webp');
    expect(screen.getByText('(Optional)', { selector: 'label[for="' + picker.id + '"] span' }).textContent).toBe(
      '(Optional)',
    );
    expect(picker.getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByText(PROFILE_IMAGE_HINT).id);

    pick(file('huge.png', 'image/png', 10_485_761));
    expect(alerts()).toEqual([UPLOAD_TOO_LARGE_ONE]);
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    pick(file('intro.mp4', 'video/mp4'));
    expect(alerts()).toEqual([PROFILE_IMAGE_NOT_IMAGE]);
    pick(file('me.png', 'image/png'));
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove me.png' }));
    expect(screen.queryByRole('button', { name: 'Remove me.png' })).toBeNull();
    const me = file('me.png', 'image/png');
    pick(me);
    expect(screen.getByRole('button', { name: 'Remove me.png' }).getAttribute('type')).toBe('button');

    type('Name', 'Ada');
    type('Email', 'Ada@Example.com');
    type('Password', 'long-enough');
    type('Mobile number', '91234567');
    post.mockResolvedValueOnce({ user_id: 'u1', email: 'ada@example.com' });
    await submit('Create account');
    // no session yet, so no upload: the sign-up body is the plain one
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[1]).not.toHaveProperty('profile_image');
    expect(screen.getByTestId('where').textContent).toBe('/advisor/auth/verification?email=ada%40example.com');
    view.unmount();

    // the first sign-in: the kept image goes to the advisor's folder and becomes the profile image
    const user = {
      id: 'u1',
      type: 'advisor',
      email: 'ada@example.com',
      name: 'Ada',
      profile_image: null,
    } as SessionUser;
    const key = 'storage/user/media/u1/1700000000000.png';
    post.mockImplementation(async (path: string) =>
      path === 'auth/login'
        ? { token: 't', user }
        : { url: `/api/v1/files/blob/${key}?sig=s`, key, content_type: 'image/png' },
    );
    const put = jest.fn(async () => ({ ok: true, status: 200 }));
    (globalThis as { fetch: unknown }).fetch = put;
    patch.mockResolvedValueOnce({ ...user, profile_image: key });
    mount('/auth/login', LoginPage);
    type('Email', 'ada@example.com');
    type('Password', 'long-enough');
    await submit('Sign In');
    await act(async () => undefined);
    expect(post).toHaveBeenCalledWith('files/signed-upload', {
      object_key: expect.stringMatching(/^storage\/user\/media\/u1\/\d+\.png$/),
      purpose: 'profile_image',
    });
    expect(put).toHaveBeenCalledWith(
      `/api/v1/files/blob/${key}?sig=s`,
      expect.objectContaining({ method: 'PUT', body: me }),
    );
    expect(patch).toHaveBeenCalledWith('user/update', { user_id: 'u1', profile_image: key });
  });
});
