import { routes } from '@kinfolio/contracts';
import { isSlowRoute, timeLimitFor } from './time-limits';

describe('per-route time limits', () => {
  const cfg = { PROXY_TIMEOUT_MS: 10_000, SLOW_PROXY_TIMEOUT_MS: 120_000 };

  it('gives uploads, stored files, calculations, exports and document sharing the long limit', () => {
    for (const path of [
      'files/s3-upload',
      'files/media-upload',
      'files/signed-upload',
      'files/blob/*key',
      'customer/calculate/scenario-modelling',
      'customer/calculate/data-tables',
      'share-document',
      'customer/:id/exports',
    ])
      expect([path, timeLimitFor({ path }, cfg)]).toEqual([path, 120_000]);
  });

  it('gives sign-in, profile and listing routes the short one', () => {
    for (const path of ['auth/login', 'users/me', 'auth/logout', 'user/threshold', 'membership-plans'])
      expect([path, timeLimitFor({ path }, cfg)]).toEqual([path, 10_000]);
  });

  it('leaves most of the route table on the short limit', () => {
    const slow = routes.filter(isSlowRoute);
    expect(slow.length).toBeGreaterThan(5);
    expect(slow.length).toBeLessThan(routes.length / 4);
  });
});
