import {
  ApiError,
  api,
  Button,
  EmailInput,
  errorMessage,
  FormError,
  fieldErrors,
  isEmailStrict,
  PasswordInput,
  Select,
  type SessionUser,
  TextArea,
  TextInput,
  useSession,
} from '@kinfolio/ui-kit';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { homeFor } from '../layout/select';
import { AuthCard } from './AuthCard';

type Errors = Record<string, string>;

/** Runs a form submission: field errors inline by the field, the picked message under the submit (spec §8). */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>, local: Errors = {}) => {
    setFormError(null);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      const fe = e instanceof ApiError ? fieldErrors(e) : {};
      setErrors(fe);
      // Inline by the field when the reply names fields; otherwise red text under the submit (spec §8).
      if (Object.keys(fe).length === 0) setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const clear = (field: string) => setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
  return { busy, errors, formError, run, clear, setFormError };
}

const required = (v: string, msg: string, out: Errors, field: string) => {
  if (!v.trim()) out[field] = msg;
};
const emailCheck = (v: string, out: Errors) => {
  if (!v.trim()) out.email = 'Enter email';
  else if (!isEmailStrict(v)) out.email = 'Enter a valid e-mail address';
};

/** Where a sign-in lands: the guarded page the visitor asked for when it belongs to their role, else their home. */
export function afterLogin(type: string, next: string | null): string {
  const home = homeFor(type);
  if (!next?.startsWith('/') || next.startsWith('//')) return home;
  const area =
    type === 'admin'
      ? /^\/admin-dashboard(\/|$)/
      : type === 'customer'
        ? /^\/(customer\/dashboard|support)(\/|$)/
        : /^\/(advisor|support)(\/|$)/;
  return area.test(next) ? next : home;
}

interface LoginReply {
  token: string;
  user: SessionUser;
}

function LoginForm({ customer }: { customer: boolean }) {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const { busy, errors, formError, run, clear } = useSubmit();
  const notice = params.get('verified')
    ? 'Your account is verified. Sign in to continue.'
    : params.get('reset')
      ? 'Your password has been changed. Sign in with the new one.'
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    emailCheck(email, local);
    required(password, 'Enter password', local, 'password');
    void run(async () => {
      const reply = await api.post<LoginReply>(
        customer ? 'customer/auth/login' : 'auth/login',
        { email: email.trim(), password },
        { catalogue: false },
      );
      setUser(reply.user);
      navigate(afterLogin(reply.user.type, params.get('next')), { replace: true });
    }, local);
  };

  return (
    <AuthCard
      title={customer ? 'Customer sign in' : 'Sign in'}
      lead={customer ? 'Sign in to see your financial plan.' : 'Sign in to your Kinfolio account.'}
    >
      {notice ? (
        <p className="kf-ok" role="status">
          {notice}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <EmailInput
          label="Email"
          name="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
          error={errors.email}
          autoComplete="username"
        />
        <PasswordInput
          label="Password"
          name="password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            clear('password');
          }}
          error={errors.password}
          autoComplete="current-password"
        />
        <Button type="submit" loading={busy}>
          Sign In
        </Button>
        <FormError>{formError}</FormError>
      </form>
      <div className="kf-links">
        <Link to={customer ? '/customer/auth/forgot-password' : '/auth/forgot-password'}>Forgot password?</Link>
        {customer ? (
          <Link to="/auth/login">Advisor sign in</Link>
        ) : (
          <Link to="/advisor/auth/create-account">Create an account</Link>
        )}
      </div>
      {customer ? null : (
        <p style={{ marginTop: 14, fontSize: 15 }}>
          Are you a customer? <Link to="/customer/auth/login">Sign in here</Link>
        </p>
      )}
    </AuthCard>
  );
}

export const LoginPage = () => <LoginForm customer={false} />;
export const CustomerLoginPage = () => <LoginForm customer />;

const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

/** Advisor sign-up (spec §3 sign-up form defaults; gender defaults to male) → POST register. */
export function SignUpPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({
    name: '',
    email: '',
    password: '',
    bio: '',
    country_code: '+65',
    contact_number: '',
    gender: 'male',
  });
  const { busy, errors, formError, run, clear } = useSubmit();
  const set = (k: keyof typeof form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    clear(k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    required(form.name, 'Enter name', local, 'name');
    emailCheck(form.email, local);
    if (form.password.length < 8) local.password = 'Password must be at least 8 characters';
    if (!/^\+?\d{1,4}$/.test(form.country_code.trim())) local.country_code = 'Enter a valid country code';
    if (!/^\d{6,15}$/.test(form.contact_number.trim())) local.contact_number = 'Enter a valid phone number';
    void run(async () => {
      const body = {
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        country_code: form.country_code.trim(),
        contact_number: form.contact_number.trim(),
        gender: form.gender,
        ...(form.bio.trim() ? { bio: form.bio.trim() } : {}),
      };
      const reply = await api.post<{ user_id: string; email: string }>('register', body, { catalogue: false });
      navigate(`/advisor/auth/verification?email=${encodeURIComponent(reply?.email ?? body.email)}`);
    }, local);
  };
  return (
    <AuthCard title="Create your advisor account" lead="Start your 14-day free trial. No card needed to begin." wide>
      <form onSubmit={submit} noValidate aria-label="Create account">
        <TextInput
          label="Name"
          name="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="name"
          maxLength={120}
        />
        <EmailInput label="Email" name="email" value={form.email} onChange={set('email')} error={errors.email} />
        <PasswordInput
          label="Password"
          name="password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <div style={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 12 }}>
          <TextInput
            label="Country code"
            name="country_code"
            value={form.country_code}
            onChange={set('country_code')}
            error={errors.country_code}
            inputMode="tel"
            maxLength={5}
          />
          <TextInput
            label="Mobile number"
            name="contact_number"
            type="tel"
            value={form.contact_number}
            onChange={(v) => set('contact_number')(v.replace(/\D/g, ''))}
            error={errors.contact_number}
            autoComplete="tel-national"
            maxLength={15}
          />
        </div>
        <Select label="Gender" name="gender" value={form.gender} onChange={set('gender')} options={GENDERS} />
        <TextArea label="Bio" name="bio" optional value={form.bio} onChange={set('bio')} error={errors.bio} />
        <Button type="submit" loading={busy}>
          Create account
        </Button>
        <FormError>{formError}</FormError>
      </form>
      <div className="kf-links">
        <span>
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </span>
      </div>
    </AuthCard>
  );
}

interface Verified {
  email_verified: boolean;
  mobile_verified: boolean;
}

/** E-mail and mobile OTP verification after sign-up. */
export function VerificationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [mobileOtp, setMobileOtp] = useState('');
  const [state, setState] = useState<Verified>({ email_verified: false, mobile_verified: false });
  const [notice, setNotice] = useState<string | null>(null);
  const emailForm = useSubmit();
  const mobileForm = useSubmit();
  const resend = useSubmit();

  const after = (v: Verified) => {
    setState(v);
    if (v.email_verified && v.mobile_verified)
      navigate(`/auth/login?verified=1&email=${encodeURIComponent(email.trim())}`, { replace: true });
  };
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

  return (
    <AuthCard
      title="Verify your account"
      lead="We sent a 6-digit code to your e-mail and another to your mobile number."
    >
      {notice ? (
        <p className="kf-ok" role="status">
          {notice}
        </p>
      ) : null}
      <EmailInput label="Email" name="email" value={email} onChange={setEmail} />
      <form
        noValidate
        aria-label="Verify e-mail"
        onSubmit={(e) => {
          e.preventDefault();
          const local: Errors = {};
          if (!/^\d{6}$/.test(otp)) local.otp = 'Enter the 6-digit code';
          emailCheck(email, local);
          void emailForm.run(
            async () =>
              after(await api.post<Verified>('auth/verify-otp', { email: email.trim(), otp }, { catalogue: false })),
            local.otp ? { otp: local.otp } : local,
          );
        }}
      >
        <TextInput
          label="E-mail code"
          name="otp"
          value={otp}
          onChange={(v) => setOtp(digits(v))}
          error={emailForm.errors.otp ?? emailForm.errors.email}
          inputMode="numeric"
          autoComplete="one-time-code"
          disabled={state.email_verified}
        />
        {state.email_verified ? (
          <p className="kf-ok">E-mail verified.</p>
        ) : (
          <Button type="submit" variant="secondary" loading={emailForm.busy}>
            Verify e-mail
          </Button>
        )}
        <FormError>{emailForm.formError}</FormError>
      </form>
      <form
        noValidate
        aria-label="Verify mobile"
        style={{ marginTop: 18 }}
        onSubmit={(e) => {
          e.preventDefault();
          const local: Errors = {};
          if (!/^\d{6}$/.test(mobileOtp)) local.contact_otp = 'Enter the 6-digit code';
          void mobileForm.run(
            async () =>
              after(
                await api.post<Verified>(
                  'auth/verify-mobile-otp',
                  { email: email.trim(), contact_otp: mobileOtp },
                  { catalogue: false },
                ),
              ),
            local,
          );
        }}
      >
        <TextInput
          label="Mobile code"
          name="contact_otp"
          value={mobileOtp}
          onChange={(v) => setMobileOtp(digits(v))}
          error={mobileForm.errors.contact_otp ?? mobileForm.errors.email}
          inputMode="numeric"
          autoComplete="one-time-code"
          disabled={state.mobile_verified}
        />
        {state.mobile_verified ? (
          <p className="kf-ok">Mobile number verified.</p>
        ) : (
          <Button type="submit" variant="secondary" loading={mobileForm.busy}>
            Verify mobile
          </Button>
        )}
        <FormError>{mobileForm.formError}</FormError>
      </form>
      <div className="kf-links">
        <Button
          variant="link"
          loading={resend.busy}
          onClick={() =>
            void resend.run(async () => {
              await api.post('auth/verify-email', { email: email.trim() }, { catalogue: false });
              setNotice('New codes are on their way.');
            })
          }
        >
          Send the codes again
        </Button>
        <Link to="/auth/login">Sign in</Link>
      </div>
      <FormError>{resend.formError}</FormError>
    </AuthCard>
  );
}

function ForgotForm({ customer }: { customer: boolean }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, errors, formError, run, clear } = useSubmit();
  const base = customer ? '/customer/auth' : '/auth';
  return (
    <AuthCard title="Forgot your password?" lead="Enter your e-mail and we will send you a code to reset it.">
      {sent ? (
        <p className="kf-ok" role="status">
          If an account exists for {email.trim()}, a reset code is on its way.{' '}
          <Link to={`${base}/reset-password?email=${encodeURIComponent(email.trim())}`}>Enter the code</Link>
        </p>
      ) : null}
      <form
        noValidate
        aria-label="Forgot password"
        onSubmit={(e) => {
          e.preventDefault();
          const local: Errors = {};
          emailCheck(email, local);
          void run(async () => {
            await api.patch(
              customer ? 'customer/auth/forgot-password' : 'forget/password',
              { email: email.trim() },
              { catalogue: false },
            );
            setSent(true);
          }, local);
        }}
      >
        <EmailInput
          label="Email"
          name="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
          error={errors.email}
        />
        <Button type="submit" loading={busy}>
          Send reset code
        </Button>
        <FormError>{formError}</FormError>
      </form>
      <div className="kf-links">
        <Link to={customer ? '/customer/auth/login' : '/auth/login'}>Back to sign in</Link>
      </div>
    </AuthCard>
  );
}

function ResetForm({ customer }: { customer: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const { busy, errors, formError, run, clear } = useSubmit();
  return (
    <AuthCard title="Reset your password" lead="Enter the code from the e-mail and choose a new password.">
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={(e) => {
          e.preventDefault();
          const local: Errors = {};
          emailCheck(email, local);
          if (!/^\d{6}$/.test(otp)) local.otp = 'Enter the 6-digit code';
          if (password.length < 8) local.password = 'Password must be at least 8 characters';
          void run(async () => {
            await api.patch(
              customer ? 'customer/auth/reset-password' : 'reset/password',
              { email: email.trim(), otp, password },
              { catalogue: false },
            );
            navigate(
              `${customer ? '/customer/auth/login' : '/auth/login'}?reset=1&email=${encodeURIComponent(email.trim())}`,
              { replace: true },
            );
          }, local);
        }}
      >
        <EmailInput
          label="Email"
          name="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
          error={errors.email}
        />
        <TextInput
          label="Code"
          name="otp"
          value={otp}
          onChange={(v) => {
            setOtp(v.replace(/\D/g, '').slice(0, 6));
            clear('otp');
          }}
          error={errors.otp}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <PasswordInput
          label="New password"
          name="password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            clear('password');
          }}
          error={errors.password}
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <Button type="submit" loading={busy}>
          Reset password
        </Button>
        <FormError>{formError}</FormError>
      </form>
      <div className="kf-links">
        <Link to={customer ? '/customer/auth/forgot-password' : '/auth/forgot-password'}>Send a new code</Link>
      </div>
    </AuthCard>
  );
}

export const ForgotPasswordPage = () => <ForgotForm customer={false} />;
export const CustomerForgotPasswordPage = () => <ForgotForm customer />;
export const ResetPasswordPage = () => <ResetForm customer={false} />;
export const CustomerResetPasswordPage = () => <ResetForm customer />;
