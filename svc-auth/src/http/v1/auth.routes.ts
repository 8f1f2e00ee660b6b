import type { Express, Request, Response } from 'express';
import { auth } from '@kinfolio/contracts';
import { clientIp, parse, type ServiceContext } from '@kinfolio/service-kit';
import { type Kind, registerAdvisor, resendVerification, verifyEmailOtp, verifyMobileOtp } from '../../domain/accounts';
import { FORGOT_SENT, forgotPassword, setPasswordWithCode } from '../../domain/passwords';
import { revokeSessionById } from '../../domain/sessions';
import { type SignInDoor, signIn } from '../../domain/signin';
import { caller } from '../caller';
import { limit, resetLimit, rule } from '../rate-limit';
import { clearSessionCookie, presentedToken, setSessionCookie } from '../session-cookie';

const userAgent = (req: Request) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined);

/**
 * Auth (advisor) and Auth (customer) of spec §7. The two doors share the use cases; each accepts only its own
 * user types (auth/login: advisors and admins; customer/auth/login: customers).
 */
export function authRoutes(app: Express, ctx: ServiceContext): void {
  const register = async (req: Request, res: Response) => {
    const body = parse(auth.RegisterBody, req.body);
    await limit(ctx, res, [rule('registerAccount', body.email), rule('registerIp', clientIp(req))], 'sign-up attempts');
    const data = await registerAdvisor(ctx, body);
    res.status(201).json({ message: 'Account created. Enter the codes we sent to your e-mail and mobile.', data });
  };
  app.post('/api/v1/register', register);
  app.post('/api/v1/trial/register', register);

  app.post('/api/v1/auth/verify-email', async (req, res) => {
    const body = parse(auth.VerifyEmailBody, req.body);
    await limit(ctx, res, [rule('resendAccount', body.email), rule('resendIp', clientIp(req))], 'code requests');
    await resendVerification(ctx, body.email);
    res.json({ message: 'If this account still needs verification, we have sent new codes.' });
  });

  const login = (door: SignInDoor) => async (req: Request, res: Response) => {
    const body = parse(auth.LoginBody, req.body);
    const account = rule('loginAccount', `${door}:${body.email}`);
    await limit(ctx, res, [account, rule('loginIp', clientIp(req))], 'sign-in attempts');
    const data = await signIn(ctx, body, door, { ip: clientIp(req), userAgent: userAgent(req), presentedToken: presentedToken(req) });
    await resetLimit(ctx, account);
    setSessionCookie(ctx, res, data.token);
    res.json({ message: 'Signed in', data });
  };
  app.post('/api/v1/auth/login', login('staff'));
  app.post('/api/v1/customer/auth/login', login('customer'));

  const logout = async (_req: Request, res: Response) => {
    const me = await caller(ctx);
    await revokeSessionById(ctx, me.id.userId, me.id.sessionId);
    clearSessionCookie(ctx, res);
    res.json({ message: 'Logged out' });
  };
  app.get('/api/v1/auth/logout', logout);
  app.get('/api/v1/customer/auth/logout', logout);

  const doors: Array<{ kind: Kind; prefix: string; paths: Record<'verifyOtp' | 'verifyMobile' | 'forgot' | 'create' | 'reset', string> }> = [
    {
      kind: 'advisor',
      prefix: '/api/v1/',
      paths: { verifyOtp: 'auth/verify-otp', verifyMobile: 'auth/verify-mobile-otp', forgot: 'forget/password', create: 'create/password', reset: 'reset/password' },
    },
    {
      kind: 'customer',
      prefix: '/api/v1/',
      paths: {
        verifyOtp: 'customer/auth/verify-otp',
        verifyMobile: 'customer/auth/verify-mobile-otp',
        forgot: 'customer/auth/forgot-password',
        create: 'customer/create/password',
        reset: 'customer/auth/reset-password',
      },
    },
  ];
  for (const { kind, prefix, paths } of doors) {
    app.post(`${prefix}${paths.verifyOtp}`, async (req, res) => {
      const body = parse(auth.VerifyOtpBody, req.body);
      await limit(ctx, res, [rule('otpAccount', `${kind}:${body.email}`), rule('otpIp', clientIp(req))], 'code attempts');
      res.json({ message: 'E-mail verified', data: await verifyEmailOtp(ctx, body, kind) });
    });
    app.post(`${prefix}${paths.verifyMobile}`, async (req, res) => {
      const body = parse(auth.VerifyMobileOtpBody, req.body);
      await limit(ctx, res, [rule('otpAccount', `${kind}:${body.email}`), rule('otpIp', clientIp(req))], 'code attempts');
      res.json({ message: 'Mobile number verified', data: await verifyMobileOtp(ctx, body, kind) });
    });
    app.patch(`${prefix}${paths.forgot}`, async (req, res) => {
      const body = parse(auth.ForgotPasswordBody, req.body);
      await limit(ctx, res, [rule('passwordAccount', `${kind}:${body.email}`), rule('passwordIp', clientIp(req))], 'password reset requests');
      await forgotPassword(ctx, body.email, kind);
      res.json({ message: FORGOT_SENT });
    });
    for (const [purpose, path, schema] of [
      ['create', paths.create, auth.CreatePasswordBody],
      ['reset', paths.reset, auth.ResetPasswordBody],
    ] as const) {
      app.patch(`${prefix}${path}`, async (req, res) => {
        const body = parse(schema, req.body);
        await limit(ctx, res, [rule('passwordAccount', `${kind}:${body.email}`), rule('passwordIp', clientIp(req))], 'password reset requests');
        const message = await setPasswordWithCode(ctx, body, kind, purpose);
        clearSessionCookie(ctx, res);
        res.json({ message });
      });
    }
  }
}
