import type { Express, Request, Response } from 'express';
import { auth } from '@kinfolio/contracts';
import { clientIp, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import {
  type Kind,
  registerAdvisor,
  resendVerification,
  type VerifiedResult,
  type VerifyMeta,
  verifyEmailOtp,
  verifyMobileOtp,
} from '../../domain/accounts';
import { FORGOT_SENT, forgotPassword, setPasswordWithCode } from '../../domain/passwords';
import { revokeSessionById } from '../../domain/sessions';
import { isBadCredentials, type SignInDoor, signIn } from '../../domain/signin';
import { caller } from '../caller';
import { AuthLimits, accountDelayMs, rule } from '../rate-limit';
import { clearSessionCookie, presentedToken, setSessionCookie } from '../session-cookie';

const userAgent = (req: Request) =>
  typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined;

/**
 * Auth (advisor) and Auth (customer) of spec §7. The two doors share the use cases; each accepts only its own
 * user types (auth/login: advisors and admins; customer/auth/login: customers).
 */
export function authRoutes(app: Express, ctx: ServiceContext): void {
  const limits = new AuthLimits(ctx);
  const register = async (req: Request, res: Response) => {
    const body = parse(auth.RegisterBody, req.body);
    const ip = clientIp(req);
    await limits.count(
      res,
      [rule('registerPair', body.email, ip), rule('registerIp', ip), rule('registerAccount', body.email)],
      'sign-up attempts',
    );
    const data = await registerAdvisor(ctx, body);
    res.status(201).json({ message: 'Account created. Enter the codes we sent to your e-mail and mobile.', data });
  };
  app.post('/api/v1/register', register);
  app.post('/api/v1/trial/register', register);

  app.post('/api/v1/auth/verify-email', async (req, res) => {
    const body = parse(auth.VerifyEmailBody, req.body);
    const ip = clientIp(req);
    await limits.count(res, [rule('resendPair', body.email, ip), rule('resendIp', ip)], 'code requests');
    if (await limits.within(rule('mailAccount', 'verify', body.email))) await resendVerification(ctx, body.email);
    res.json({ message: 'If this account still needs verification, we have sent new codes.' });
  });

  const login = (door: SignInDoor) => async (req: Request, res: Response) => {
    const body = parse(auth.LoginBody, req.body);
    // rate-limiter-flexible's login protection: refusals by account and address, and by address; the account alone
    // only slows down (a stranger's failures never refuse the owner's right password from elsewhere). Attempts are
    // counted before the password check (atomic: a burst of parallel guesses gets no more than the limit) and handed
    // back when they turn out not to be a wrong password.
    const ip = clientIp(req);
    const account = `${door}:${body.email}`;
    const pair = rule('loginFailPair', account, ip);
    const ipDay = rule('loginFailIpDay', ip);
    const accountFailures = rule('loginFailAccount', account);
    await limits.count(res, [rule('loginIp', ip), pair, ipDay], 'sign-in attempts');
    const delay = accountDelayMs(await limits.failures(accountFailures));
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const data = await signIn(ctx, body, door, {
      ip,
      userAgent: userAgent(req),
      presentedToken: presentedToken(ctx, req),
    }).catch(async (err: unknown) => {
      if (isBadCredentials(err)) await limits.fail([accountFailures]);
      else await limits.refund([pair, ipDay]);
      throw err;
    });
    await limits.clear([pair, accountFailures]);
    await limits.refund([ipDay]);
    // the token travels only in the HttpOnly cookie: page scripts never see it (issue 10 item 11)
    const { token, ...reply } = data;
    setSessionCookie(ctx, res, token);
    res.json({ message: 'Signed in', data: reply });
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

  const doors: Array<{
    kind: Kind;
    prefix: string;
    paths: Record<'verifyOtp' | 'verifyMobile' | 'forgot' | 'create' | 'reset', string>;
  }> = [
    {
      kind: 'advisor',
      prefix: '/api/v1/',
      paths: {
        verifyOtp: 'auth/verify-otp',
        verifyMobile: 'auth/verify-mobile-otp',
        forgot: 'forget/password',
        create: 'create/password',
        reset: 'reset/password',
      },
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
  // The verification that completes an advisor's sign-up signs them in: its session goes out as the cookie too.
  const verifiedReply = (res: Response, message: string, data: VerifiedResult) => {
    const { token, ...reply } = data;
    if (token) setSessionCookie(ctx, res, token);
    res.json({ message, data: reply });
  };
  /** A code that verifies an e-mail address or a mobile number: attempts are counted per address and per client. */
  const verifyRoute = <S extends z.ZodType<{ email: string }>>(
    path: string,
    kind: Kind,
    schema: S,
    message: string,
    verify: (ctx: ServiceContext, body: z.infer<S>, kind: Kind, meta: VerifyMeta) => Promise<VerifiedResult>,
  ) =>
    app.post(path, async (req, res) => {
      const body = parse(schema, req.body);
      await limits.count(
        res,
        [rule('otpPair', `${kind}:${body.email}`, clientIp(req)), rule('otpIp', clientIp(req))],
        'code attempts',
      );
      verifiedReply(res, message, await verify(ctx, body, kind, { ip: clientIp(req), userAgent: userAgent(req) }));
    });
  for (const { kind, prefix, paths } of doors) {
    verifyRoute(`${prefix}${paths.verifyOtp}`, kind, auth.VerifyOtpBody, 'E-mail verified', verifyEmailOtp);
    verifyRoute(
      `${prefix}${paths.verifyMobile}`,
      kind,
      auth.VerifyMobileOtpBody,
      'Mobile number verified',
      verifyMobileOtp,
    );
    app.patch(`${prefix}${paths.forgot}`, async (req, res) => {
      const body = parse(auth.ForgotPasswordBody, req.body);
      await limits.count(
        res,
        [rule('passwordPair', `${kind}:${body.email}`, clientIp(req)), rule('passwordIp', clientIp(req))],
        'password reset requests',
      );
      if (await limits.within(rule('mailAccount', `forgot:${kind}`, body.email)))
        await forgotPassword(ctx, body.email, kind);
      res.json({ message: FORGOT_SENT });
    });
    for (const [purpose, path, schema] of [
      ['create', paths.create, auth.CreatePasswordBody],
      ['reset', paths.reset, auth.ResetPasswordBody],
    ] as const) {
      app.patch(`${prefix}${path}`, async (req, res) => {
        const body = parse(schema, req.body);
        await limits.count(
          res,
          [rule('passwordPair', `${kind}:${body.email}`, clientIp(req)), rule('passwordIp', clientIp(req))],
          'password reset requests',
        );
        const message = await setPasswordWithCode(ctx, body, kind, purpose);
        clearSessionCookie(ctx, res);
        res.json({ message });
      });
    }
  }
}
