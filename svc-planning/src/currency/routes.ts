import type { ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { currencyRates } from './service';

/** GET currency-rates: the stored table the browser keeps locally to convert without a network call. */
export function currencyRatesRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/currency-rates', async (_req, res) => {
    const data = await currencyRates(ctx);
    res.set('Cache-Control', 'public, max-age=300');
    res.json({ data });
  });
}
