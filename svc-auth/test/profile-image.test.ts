import { randomBytes, randomUUID } from 'node:crypto';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { PROFILE_IMAGE_MESSAGE } from '../src/domain/users';
import { authModule } from '../src/module';
import { seedUser } from './helpers';

jest.setTimeout(60_000);

/** A key as svc-support makes it for an upload of `owner` (files/media-upload, files/signed-upload). */
const keyOf = (owner: string, kind: 'media' | 'documents' = 'media', ext = '.png') =>
  `storage/user/${kind}/${owner}/${randomBytes(16).toString('hex')}${ext}`;

/** Issue 30 item 5: PATCH user/update takes as profile_image only the caller's own uploaded image. */
describe.each(testInfras())('svc-auth profile image ownership (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('an advisor sets their own uploaded image, and clears it', async () => {
    const adv = await seedUser(t, 'advisor');
    const own = keyOf(adv.user.id);
    const set = await t.call('PATCH', 'user/update', {
      as: adv.as,
      body: { user_id: adv.user.id, profile_image: own },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.profile_image).toBe(own);
    // the profile form resends the value it shows: unchanged, it is kept
    const again = await t.call('PATCH', 'user/update', {
      as: adv.as,
      body: { user_id: adv.user.id, name: 'Renamed', profile_image: own },
    });
    expect(again.status).toBe(200);
    const cleared = await t.call('PATCH', 'user/update', {
      as: adv.as,
      body: { user_id: adv.user.id, profile_image: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.profile_image).toBeNull();
  });

  test.each([
    ["another user's private document", (other: string) => keyOf(other, 'documents', '.pdf')],
    ["another advisor's media", (other: string) => keyOf(other)],
    ['an outside address', () => 'https://evil.example/a.png'],
    ['a path outside the upload folders', () => '/api/v1/files/blob/storage/og.png'],
    ['a key with an upper-case copy of nobody', () => keyOf(randomUUID().toUpperCase())],
  ])('%s is a 400 naming profile_image, and nothing changes', async (_what, value) => {
    const adv = await seedUser(t, 'advisor');
    const other = await seedUser(t, 'advisor');
    const res = await t.call('PATCH', 'user/update', {
      as: adv.as,
      body: { user_id: adv.user.id, name: 'Changed', profile_image: value(other.user.id) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ profile_image: [PROFILE_IMAGE_MESSAGE] }]);
    const row = await t.svc.ctx.db('users').where({ id: adv.user.id }).first('name', 'profile_image');
    expect(row).toEqual({ name: adv.user.name, profile_image: null });
  });

  test("the caller's own document or video is not an image", async () => {
    const adv = await seedUser(t, 'advisor');
    for (const value of [keyOf(adv.user.id, 'documents', '.pdf'), keyOf(adv.user.id, 'media', '.mp4')]) {
      const res = await t.call('PATCH', 'user/update', {
        as: adv.as,
        body: { user_id: adv.user.id, profile_image: value },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ profile_image: [PROFILE_IMAGE_MESSAGE] }]);
    }
  });

  test("an admin may set a user's image to the admin's own upload or the user's own, not a third user's", async () => {
    const admin = await seedUser(t, 'admin');
    const adv = await seedUser(t, 'advisor');
    const third = await seedUser(t, 'customer');
    const call = (profile_image: string) =>
      t.call('PATCH', 'user/update', { as: admin.as, body: { user_id: adv.user.id, profile_image } });
    expect((await call(keyOf(admin.user.id))).status).toBe(200);
    expect((await call(keyOf(adv.user.id))).status).toBe(200);
    expect((await call(keyOf(third.user.id))).status).toBe(400);
  });
});
