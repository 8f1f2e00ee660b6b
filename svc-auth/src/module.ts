import { CSRF_HEADER, CSRF_VALUE } from '@kinfolio/contracts';
import { forbidden, type ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { seedDemo } from './domain/seed';
import { internalRoutes } from './http/internal.routes';
import { adminRoutes } from './http/v1/admin.routes';
import { authRoutes } from './http/v1/auth.routes';
import { leadMagnetRoutes } from './http/v1/lead-magnets.routes';
import { ogCardRoutes } from './http/v1/og-card.routes'; // the public page's sharing card (issue 15)
import { profileRoutes } from './http/v1/profile.routes';
import { usersRoutes } from './http/v1/users.routes';
import { billingEventsConsumer } from './messaging/on-billing-events';
import { planningEventsConsumer } from './messaging/on-planning-events';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './domain/seed';

/** svc-auth: users of all three kinds, credentials, sessions, OTPs, usernames, permissions, advisor public profile content and reviews. */
export const authModule: ServiceModule = {
  name: 'svc-auth',
  migrations,
  routes(app, ctx) {
    // State-changing calls carry the custom header (the gateway checks it too): cross-site forms cannot send it.
    app.use('/api/v1', (req, _res, next) => {
      if (
        req.method !== 'GET' &&
        req.method !== 'HEAD' &&
        req.method !== 'OPTIONS' &&
        req.headers[CSRF_HEADER] !== CSRF_VALUE
      ) {
        throw forbidden(`Missing the ${CSRF_HEADER} header`);
      }
      next();
    });
    authRoutes(app, ctx);
    usersRoutes(app, ctx);
    adminRoutes(app, ctx);
    profileRoutes(app, ctx);
    leadMagnetRoutes(app, ctx);
    ogCardRoutes(app, ctx);
    internalRoutes(app, ctx);
  },
  consumers: (ctx) => [billingEventsConsumer(ctx), planningEventsConsumer(ctx)],
  async onStart(ctx) {
    if (ctx.config.SEED_DEMO) await seedDemo(ctx);
  },
};
