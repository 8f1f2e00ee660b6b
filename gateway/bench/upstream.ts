import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createHttpApp, createLogger, finish, identity, internalOnly } from '@kinfolio/service-kit';

/**
 * The benchmark's upstream: a service on the kit's createHttpApp (signature check, request context, access log)
 * with one authenticated GET that reads "the database" (`?db=<ms>` of I/O wait) and answers a user record.
 */
const port = Number(process.env.PORT ?? 0);
const logger = createLogger('bench-upstream', process.env.LOG_LEVEL ?? 'info');
const app = createHttpApp({ name: 'svc-auth', logger, internalSecret: process.env.INTERNAL_SECRET ?? '' });
const sessions = new Map<string, unknown>(JSON.parse(process.env.BENCH_SESSIONS ?? '[]') as Array<[string, unknown]>);

app.post('/internal/sessions/verify', internalOnly, (req, res) => {
  const s = sessions.get(String(req.body?.token ?? ''));
  if (!s) {
    res.status(401).json({ message: 'Invalid token' });
    return;
  }
  res.json({ data: s });
});

app.get('/api/v1/users/me', async (req, res) => {
  const me = identity();
  const dbMs = Math.min(1000, Number(req.query.db ?? 0) || 0);
  if (dbMs > 0) await new Promise((r) => setTimeout(r, dbMs));
  res.json({
    data: {
      id: me.userId,
      type: me.type,
      name: 'Bench Advisor',
      email: 'bench@kinfolio.test',
      username: 'bench-advisor',
      profile_image: null,
      gender: 'male',
      referral_id: randomUUID(),
      contact_number: '91234567',
      country_code: '+65',
      bio: 'Independent advisor in Singapore.',
      designation: 'Financial Advisor',
      business_email: 'bench@kinfolio.test',
      business_phone: '+65 6123 4567',
      status: 'active',
      email_verified: true,
      mobile_verified: true,
      advisor_id: null,
      membership_status: 'trial',
      trial_ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: new Date().toISOString(),
    },
  });
});
finish(app, logger);

const server = http.createServer(app);
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
