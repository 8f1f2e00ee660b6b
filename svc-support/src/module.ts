import type { ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { contentRoutes } from './http/v1/content.routes';
import { filesRoutes } from './http/v1/files.routes';
import { logsRoutes } from './http/v1/logs.routes';
import { ticketsRoutes } from './http/v1/tickets.routes';
import { householdsConsumer } from './messaging/households';
import { jobsConsumer } from './messaging/jobs';
import { sessionsConsumer } from './messaging/sessions';
import { usersConsumer } from './messaging/users';
import { hubFor, LiveHub, setHub } from './realtime/hub';

/** svc-support: tickets and live replies, FAQ, page walkthroughs, presentations, uploads and client error logs. */
export const supportModule: ServiceModule = {
  name: 'svc-support',
  migrations,
  routes(app, ctx) {
    app.use('/api/v1', (_req, res, next) => {
      res.set('X-Content-Type-Options', 'nosniff');
      next();
    });
    ticketsRoutes(app, ctx);
    contentRoutes(app, ctx);
    logsRoutes(app, ctx);
    filesRoutes(app, ctx);
  },
  consumers: (ctx) => [usersConsumer(), sessionsConsumer(ctx), householdsConsumer(ctx), jobsConsumer(ctx)],
  async attach(server, ctx) {
    setHub(ctx, await LiveHub.attach(server, ctx));
  },
  async onStop(ctx) {
    const hub = hubFor(ctx);
    setHub(ctx, undefined);
    await hub?.close();
  },
};
