import {
  ApiError,
  api,
  Button,
  type ButtonProps,
  EmailInput,
  errorMessage,
  FilePicker,
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
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { homeFor } from '../layout/select';
import { AuthCard } from './AuthCard';
import { attachProfileImage, keepProfileImage, PROFILE_IMAGE_ACCEPT, profileImageError } from './profileImage';

type Errors = Record<string, string>;

/**
 * Runs a form submission: `validate` fills local field errors (any stops the call), field errors of the reply are
 * shown inline by the field, any other failure as the picked message under the submit (spec §8).
 */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>, validate?: (out: Errors) => void) => {
    setFormError(null);
    const local: Errors = {};
    validate?.(local);
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
  /** A field's name, its error and an onChange that stores the value and clears the field's error. */
  const bind = (field: string, set: (value: string) => void) => ({
    name: field,
    error: errors[field],
    onChange: (v: string) => {
      set(v);
      clear(field);
    },
  });
  return { busy, errors, formError, run, bind };
}

type Submission = ReturnType<typeof useSubmit>;

/**
 * An auth form: no browser validation, the submit button (busy while the call runs; replaced by `done` once the
 * form has nothing left to do) and the error under it.
 */
function AuthForm({
  label,
  submit,
  form,
  onSubmit,
  children,
  variant,
  done,
  style,
}: {
  label: string;
  submit: string;
  form: Submission;
  onSubmit: () => void;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  done?: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      style={style}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {done ?? (
        <Button type="submit" variant={variant} loading={form.busy}>
          {submit}
        </Button>
      )}
      <FormError>{form.formError}</FormError>
    </form>
  );
}

/** The green notice at the top of a card. */
function Notice({ children }: { children: ReactNode }) {
  return children ? (
    <p className="kf-ok" role="status">
      {children}
    </p>
  ) : null;
}

/** Where a role's auth pages live. */
const authBase = (customer: boolean) => (customer ? '/customer/auth' : '/auth');

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

/** The session token is set as an HttpOnly cookie only: the reply carries the user. */
interface LoginReply {
  user: SessionUser;
}

function LoginForm({ customer }: { customer: boolean }) {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const form = useSubmit();
  const notice = params.get('verified')
    ? 'Your account is verified. Sign in to continue.'
    : params.get('reset')
      ? 'Your password has been changed. Sign in with the new one.'
      : null;

  const submit = () =>
    void form.run(
      async () => {
        const reply = await api.post<LoginReply>(
          customer ? 'customer/auth/login' : 'auth/login',
          { email: email.trim(), password },
          { catalogue: false },
        );
        setUser(reply.user);
        navigate(afterLogin(reply.user.type, params.get('next')), { replace: true });
        // the profile image picked at sign-up, uploaded now that there is a session (in the background)
        if (!customer)
          void attachProfileImage(reply.user).then((updated) => {
            if (updated) setUser(updated);
          });
      },
      (out) => {
        emailCheck(email, out);
        required(password, 'Enter password', out, 'password');
      },
    );

  return (
    <AuthCard
      title={customer ? 'Customer sign in' : 'Sign in'}
      lead={customer ? 'Sign in to see your financial plan.' : 'Sign in to your Kinfolio account.'}
    >
      <Notice>{notice}</Notice>
      <AuthForm label="Sign in" submit="Sign In" form={form} onSubmit={submit}>
        <EmailInput label="Email" value={email} {...form.bind('email', setEmail)} autoComplete="username" />
        <PasswordInput
          label="Password"
          value={password}
          {...form.bind('password', setPassword)}
          autoComplete="current-password"
        />
      </AuthForm>
      <div className="kf-links">
        <Link to={`${authBase(customer)}/forgot-password`}>Forgot password?</Link>
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

export const PROFILE_IMAGE_HINT = 'A .jpg, .jpeg, .png or .webp image up to 10 MB, added when you first sign in.';

/** The sign-up form's optional profile image: a labelled file picker, the chosen file's name and a Remove button. */
function ProfileImageField({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  const pick = (picked: File | null) => {
    const problem = picked ? profileImageError(picked) : null;
    setError(problem);
    onChange(problem ? null : picked);
  };
  return (
    <FilePicker
      label="Profile image"
      name="profile_image"
      optional
      accept={PROFILE_IMAGE_ACCEPT}
      error={error}
      hint={PROFILE_IMAGE_HINT}
      buttonLabel={file ? 'Choose another image' : 'Choose image'}
      status={
        file ? (
          <>
            {file.name}{' '}
            <Button variant="link" aria-label={`Remove ${file.name}`} onClick={() => pick(null)}>
              Remove
            </Button>
          </>
        ) : undefined
      }
      onFiles={(files) => pick(files[0] ?? null)}
    />
  );
}

/**
 * Advisor sign-up (spec §3 sign-up form defaults; gender defaults to male) → POST register. The optional profile
 * image cannot be uploaded before the account and a session exist: it is kept and uploaded at the first sign-in.
 */
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
  const [image, setImage] = useState<File | null>(null);
  const submission = useSubmit();
  /** A field of the form: its name, value, error and an onChange that clears the error (`map` filters typing). */
  const field = (k: keyof typeof form, map: (v: string) => string = (v) => v) => {
    const bound = submission.bind(k, (v) => setForm((f) => ({ ...f, [k]: v })));
    return { ...bound, value: form[k], onChange: (v: string) => bound.onChange(map(v)) };
  };
  const submit = () =>
    void submission.run(
      async () => {
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
        keepProfileImage(reply?.email ?? body.email, image);
        navigate(`/advisor/auth/verification?email=${encodeURIComponent(reply?.email ?? body.email)}`);
      },
      (out) => {
        required(form.name, 'Enter name', out, 'name');
        emailCheck(form.email, out);
        if (form.password.length < 8) out.password = 'Password must be at least 8 characters';
        if (!/^\+?\d{1,4}$/.test(form.country_code.trim())) out.country_code = 'Enter a valid country code';
        if (!/^\d{6,15}$/.test(form.contact_number.trim())) out.contact_number = 'Enter a valid phone number';
      },
    );
  const { error: _noGenderError, ...gender } = field('gender');
  return (
    <AuthCard title="Create your advisor account" lead="Start your 14-day free trial. No card needed to begin." wide>
      <AuthForm label="Create account" submit="Create account" form={submission} onSubmit={submit}>
        <TextInput label="Name" {...field('name')} autoComplete="name" maxLength={120} />
        <EmailInput label="Email" {...field('email')} />
        <PasswordInput
          label="Password"
          {...field('password')}
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <div style={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 12 }}>
          <TextInput label="Country code" {...field('country_code')} inputMode="tel" maxLength={5} />
          <TextInput
            label="Mobile number"
            type="tel"
            {...field('contact_number', (v) => v.replace(/\D/g, ''))}
            autoComplete="tel-national"
            maxLength={15}
          />
        </div>
        <Select label="Gender" {...gender} options={GENDERS} />
        <TextArea label="Bio" optional {...field('bio')} />
        <ProfileImageField file={image} onChange={setImage} />
      </AuthForm>
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
  /** Sent by the call that completes verification: the advisor is signed in (issue 10 item 16). */
  token?: string;
  user?: SessionUser;
}

/**
 * E-mail and mobile OTP verification after sign-up. The second code verified signs the advisor in: they land in
 * the advisor area (their sign-up image is uploaded now); without a session in the reply, the sign-in page.
 */
export function VerificationPage() {
  const navigate = useNavigate();
  const { setUser } = useSession();
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
    setState({ email_verified: v.email_verified, mobile_verified: v.mobile_verified });
    if (!(v.email_verified && v.mobile_verified)) return;
    if (v.user) {
      const user = v.user;
      setUser(user);
      navigate(homeFor(user.type), { replace: true });
      void attachProfileImage(user).then((updated) => {
        if (updated) setUser(updated);
      });
      return;
    }
    navigate(`/auth/login?verified=1&email=${encodeURIComponent(email.trim())}`, { replace: true });
  };
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

  const codeField = (form: Submission, name: 'otp' | 'contact_otp', value: string, set: (v: string) => void) => ({
    name,
    value,
    onChange: (v: string) => set(digits(v)),
    error: form.errors[name] ?? form.errors.email,
    inputMode: 'numeric' as const,
    autoComplete: 'one-time-code',
  });

  return (
    <AuthCard
      title="Verify your account"
      lead="We sent a 6-digit code to your e-mail and another to your mobile number."
    >
      <Notice>{notice}</Notice>
      <EmailInput label="Email" name="email" value={email} onChange={setEmail} />
      <AuthForm
        label="Verify e-mail"
        submit="Verify e-mail"
        variant="secondary"
        form={emailForm}
        done={state.email_verified ? <p className="kf-ok">E-mail verified.</p> : null}
        onSubmit={() =>
          void emailForm.run(
            async () =>
              after(await api.post<Verified>('auth/verify-otp', { email: email.trim(), otp }, { catalogue: false })),
            (out) => {
              if (!/^\d{6}$/.test(otp)) out.otp = 'Enter the 6-digit code';
              else emailCheck(email, out);
            },
          )
        }
      >
        <TextInput label="E-mail code" {...codeField(emailForm, 'otp', otp, setOtp)} disabled={state.email_verified} />
      </AuthForm>
      <AuthForm
        label="Verify mobile"
        submit="Verify mobile"
        variant="secondary"
        style={{ marginTop: 18 }}
        form={mobileForm}
        done={state.mobile_verified ? <p className="kf-ok">Mobile number verified.</p> : null}
        onSubmit={() =>
          void mobileForm.run(
            async () =>
              after(
                await api.post<Verified>(
                  'auth/verify-mobile-otp',
                  { email: email.trim(), contact_otp: mobileOtp },
                  { catalogue: false },
                ),
              ),
            (out) => {
              if (!/^\d{6}$/.test(mobileOtp)) out.contact_otp = 'Enter the 6-digit code';
            },
          )
        }
      >
        <TextInput
          label="Mobile code"
          {...codeField(mobileForm, 'contact_otp', mobileOtp, setMobileOtp)}
          disabled={state.mobile_verified}
        />
      </AuthForm>
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

/** A password-recovery call: PATCH to the role's own route, its errors shown on the form (no catalogue). */
const recovery = (customer: boolean, advisorPath: string, customerPath: string, body: Record<string, string>) =>
  api.patch(customer ? customerPath : advisorPath, body, { catalogue: false });

function ForgotForm({ customer }: { customer: boolean }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = useSubmit();
  const base = authBase(customer);
  const submit = () =>
    void form.run(
      async () => {
        await recovery(customer, 'forget/password', 'customer/auth/forgot-password', { email: email.trim() });
        setSent(true);
      },
      (out) => emailCheck(email, out),
    );
  return (
    <AuthCard title="Forgot your password?" lead="Enter your e-mail and we will send you a code to reset it.">
      <Notice>{sent ? `If an account exists for ${email.trim()}, a reset code is on its way.` : null}</Notice>
      <AuthForm
        label="Forgot password"
        submit="Send reset code"
        form={form}
        onSubmit={submit}
        done={
          // Once the code is sent, the way on is the primary button; sending again is the secondary one.
          sent ? (
            <div className="kf-next">
              <Button onClick={() => navigate(`${base}/reset-password?email=${encodeURIComponent(email.trim())}`)}>
                Enter the code
              </Button>
              <Button type="submit" variant="secondary" loading={form.busy}>
                Send the code again
              </Button>
            </div>
          ) : null
        }
      >
        <EmailInput label="Email" value={email} {...form.bind('email', setEmail)} />
      </AuthForm>
      <div className="kf-links">
        <Link to={`${base}/login`}>Back to sign in</Link>
      </div>
    </AuthCard>
  );
}

function ResetForm({ customer, create = false }: { customer: boolean; create?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const form = useSubmit();
  const base = authBase(customer);
  const submit = () =>
    void form.run(
      async () => {
        const body = { email: email.trim(), otp, password };
        if (create) await recovery(customer, 'create/password', 'customer/create/password', body);
        else await recovery(customer, 'reset/password', 'customer/auth/reset-password', body);
        navigate(`${base}/login?reset=1&email=${encodeURIComponent(email.trim())}`, { replace: true });
      },
      (out) => {
        emailCheck(email, out);
        if (!/^\d{6}$/.test(otp)) out.otp = 'Enter the 6-digit code';
        if (password.length < 8) out.password = 'Password must be at least 8 characters';
      },
    );
  return (
    <AuthCard
      title={create ? 'Create your password' : 'Reset your password'}
      lead={
        create
          ? 'Your advisor added you to Kinfolio. Enter the code from the e-mail and choose your password.'
          : 'Enter the code from the e-mail and choose a new password.'
      }
    >
      <AuthForm
        label={create ? 'Create password' : 'Reset password'}
        submit={create ? 'Create password' : 'Reset password'}
        form={form}
        onSubmit={submit}
      >
        <EmailInput label="Email" value={email} {...form.bind('email', setEmail)} />
        <TextInput
          label="Code"
          value={otp}
          {...form.bind('otp', (v) => setOtp(v.replace(/\D/g, '').slice(0, 6)))}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <PasswordInput
          label={create ? 'Password' : 'New password'}
          value={password}
          {...form.bind('password', setPassword)}
          autoComplete="new-password"
          hint="At least 8 characters."
        />
      </AuthForm>
      <div className="kf-links">
        <Link to={`${base}/forgot-password`}>Send a new code</Link>
      </div>
    </AuthCard>
  );
}

export const ForgotPasswordPage = () => <ForgotForm customer={false} />;
export const CustomerForgotPasswordPage = () => <ForgotForm customer />;
export const ResetPasswordPage = () => <ResetForm customer={false} />;
export const CustomerResetPasswordPage = () => <ResetForm customer />;
/** /customer/auth/create-password?email=…: the link in the invitation an advisor's share-profile sends. */
export const CustomerCreatePasswordPage = () => <ResetForm customer create />;
