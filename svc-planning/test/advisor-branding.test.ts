import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { MAX_PHOTO_BYTES } from '../src/exports/advisor-photo';
import { brandingOf } from '../src/exports/service';
import { advisorBranding } from '../src/messaging/on-advisor-events';
import { planningModule } from '../src/module';
import type { HouseholdRow } from '../src/records/access';

jest.setTimeout(120_000);

// exceljs depends on jszip: the docx is opened with it
const JSZip = require('jszip') as {
  loadAsync(b: Buffer): Promise<{ files: Record<string, { async(t: 'string'): Promise<string> }> }>;
};

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (SOI, APP0 JFIF): enough for the check by magic bytes. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest')]);

/**
 * Issue 35: the client plan's cover carries the advisor's branding. svc-planning's copy of the advisor (fed by
 * svc-auth's events) keeps the contact facts, and an export's branding takes the e-mail, phone and photo from it.
 */
describe.each(testInfras())('svc-planning advisor branding on %s', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
  }, 30_000);

  /** Delivers an event through the bus as svc-auth would, and waits until svc-planning handled it. */
  const deliver = async (type: string, payload: Record<string, unknown>, occurredAt: Date) => {
    const id = randomUUID();
    await t.ports.bus.publish([
      { id, type, occurredAt: occurredAt.toISOString(), correlationId: randomUUID(), payload },
    ]);
    // delivered through the broker: on a loaded machine this can take seconds
    for (let i = 0; i < 400; i++) {
      const [row] = await t.svc.ctx.db('processed_events').where({ event_id: id }).count('* as n');
      if (Number(row?.n) === 1) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${type} was not handled`);
  };
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const mediaKey = (userId: string, ext = 'png') =>
    `storage/user/media/${userId}/${randomUUID().replace(/-/g, '')}.${ext}`;
  const contactRow = (id: string) =>
    t.svc.ctx
      .db('advisors')
      .where({ id })
      .first('name', 'designation', 'email', 'business_email', 'business_phone', 'contact_number', 'profile_image');

  /** An advisor svc-planning heard of through both events, with a household. */
  async function advisorWithHousehold(advisor: ReturnType<typeof testIdentity>, update: Record<string, unknown>) {
    await deliver(
      'auth.advisor.registered.v1',
      {
        user_id: advisor.userId,
        email: 'jane.sign-in@example.com',
        name: 'Jane Ong',
        registered_at: minutesAgo(10).toISOString(),
        contact_number: '+65 91234567',
        profile_image: null,
      },
      minutesAgo(10),
    );
    await deliver(
      'auth.user.updated.v1',
      {
        user_id: advisor.userId,
        type: 'advisor',
        name: 'Jane Ong',
        email: 'jane.sign-in@example.com',
        username: null,
        designation: 'Certified Financial Planner',
        ...update,
      },
      minutesAgo(5),
    );
    const res = await t.call('POST', 'leads', {
      as: advisor,
      body: { name: 'Alex Tan', age: 40, email: 'alex.tan@example.com', currency: 'SGD' },
    });
    expect(res.status).toBe(201);
    const hh = (await t.svc.ctx.db('households').where({ id: res.body.data.id }).first()) as HouseholdRow;
    return hh;
  }
  const body = { report: 'client-plan', format: 'docx' } as const;

  it('stores the contact facts of the advisor events; an older event changes nothing; one without them keeps them', async () => {
    const advisor = testIdentity('advisor');
    const photo = mediaKey(advisor.userId);
    await deliver(
      'auth.advisor.registered.v1',
      {
        user_id: advisor.userId,
        email: 'ana@example.com',
        name: 'Ana Lim',
        registered_at: minutesAgo(30).toISOString(),
        contact_number: '+60 123456789',
        profile_image: photo,
      },
      minutesAgo(30),
    );
    expect(await contactRow(advisor.userId)).toEqual({
      name: 'Ana Lim',
      designation: null,
      email: 'ana@example.com',
      business_email: null,
      business_phone: null,
      contact_number: '+60 123456789',
      profile_image: photo,
    });

    const newer = mediaKey(advisor.userId, 'jpg');
    const update = {
      user_id: advisor.userId,
      type: 'advisor',
      name: 'Ana Lim Mei',
      email: 'ana@example.com',
      username: 'ana',
      designation: 'Chartered Financial Planner',
      business_email: 'ana@advice.sg',
      business_phone: '+65 6123 4567',
      contact_number: '+60 123456789',
      profile_image: newer,
    };
    await deliver('auth.user.updated.v1', update, minutesAgo(10));
    const stored = {
      name: 'Ana Lim Mei',
      designation: 'Chartered Financial Planner',
      email: 'ana@example.com',
      business_email: 'ana@advice.sg',
      business_phone: '+65 6123 4567',
      contact_number: '+60 123456789',
      profile_image: newer,
    };
    expect(await contactRow(advisor.userId)).toEqual(stored);

    // handed over late: an update and a registration older than the stored facts change nothing
    await deliver(
      'auth.user.updated.v1',
      { ...update, name: 'Old Name', business_email: 'old@advice.sg', business_phone: null, profile_image: null },
      minutesAgo(20),
    );
    await deliver(
      'auth.advisor.registered.v1',
      {
        user_id: advisor.userId,
        email: 'older@example.com',
        name: 'Older',
        registered_at: minutesAgo(40).toISOString(),
        contact_number: '+60 111',
        profile_image: null,
      },
      minutesAgo(40),
    );
    expect(await contactRow(advisor.userId)).toEqual(stored);

    // an event written before the contact fields existed states none of them: they stay
    await deliver(
      'auth.user.updated.v1',
      { user_id: advisor.userId, type: 'advisor', name: 'Ana L.', email: 'ana@example.com', username: 'ana' },
      minutesAgo(5),
    );
    expect(await contactRow(advisor.userId)).toEqual({ ...stored, name: 'Ana L.' });

    // a newer event that clears the business phone and the photo (null) clears them
    await deliver(
      'auth.user.updated.v1',
      { ...update, name: 'Ana L.', business_phone: null, profile_image: null, business_email: '' },
      minutesAgo(1),
    );
    expect(await contactRow(advisor.userId)).toEqual({
      ...stored,
      name: 'Ana L.',
      business_email: null,
      business_phone: null,
      profile_image: null,
    });
    expect(await advisorBranding(t.svc.ctx.db, advisor.userId)).toEqual({
      name: 'Ana L.',
      designation: 'Chartered Financial Planner',
      email: 'ana@example.com',
      business_email: null,
      business_phone: null,
      contact_number: '+60 123456789',
      profile_image: null,
    });

    // a customer's update makes no advisor row
    const customer = testIdentity('customer');
    await deliver(
      'auth.user.updated.v1',
      { ...update, user_id: customer.userId, type: 'customer', business_email: 'c@example.com' },
      minutesAgo(1),
    );
    expect(await contactRow(customer.userId)).toBeUndefined();
  });

  it("an export's branding: the business e-mail and phone, else the sign-in e-mail and mobile; the photo's bytes", async () => {
    const advisor = testIdentity('advisor');
    const key = mediaKey(advisor.userId);
    await t.ports.blobs.put(key, PNG, 'image/png');
    const hh = await advisorWithHousehold(advisor, {
      business_email: 'jane@advice.sg',
      business_phone: '+65 6123 4567',
      contact_number: '+65 91234567',
      profile_image: key,
    });
    const branding = await brandingOf(t.svc.ctx, hh, body);
    expect(branding).toEqual({
      advisor_name: 'Jane Ong',
      designation: 'Certified Financial Planner',
      email: 'jane@advice.sg',
      phone: '+65 6123 4567',
      photo: { data: PNG, type: 'png' },
    });

    // no business details: the sign-in e-mail and the mobile; a JPEG photo
    const jpegKey = mediaKey(advisor.userId, 'jpg');
    await t.ports.blobs.put(jpegKey, JPEG, 'image/jpeg');
    await deliver(
      'auth.user.updated.v1',
      {
        user_id: advisor.userId,
        type: 'advisor',
        name: 'Jane Ong',
        email: 'jane.sign-in@example.com',
        username: null,
        designation: null,
        business_email: null,
        business_phone: null,
        contact_number: '+65 91234567',
        profile_image: jpegKey,
      },
      minutesAgo(1),
    );
    expect(await brandingOf(t.svc.ctx, hh, body)).toEqual({
      advisor_name: 'Jane Ong',
      designation: null,
      email: 'jane.sign-in@example.com',
      phone: '+65 91234567',
      photo: { data: JPEG, type: 'jpeg' },
    });

    // an advisor svc-planning has not heard of: what the screen sends, and no contact facts
    const unknown = { ...hh, advisor_id: testIdentity('advisor').userId };
    expect(await brandingOf(t.svc.ctx, unknown, { ...body, branding: { advisor_name: 'From Screen' } })).toEqual({
      advisor_name: 'From Screen',
      designation: null,
    });
  });

  it("a photo not under the advisor's own id, not a PNG or JPEG, over 2 MB or missing is no photo and a warning; the export still works", async () => {
    const advisor = testIdentity('advisor');
    const someoneElse = testIdentity('advisor').userId;
    const foreign = mediaKey(someoneElse);
    await t.ports.blobs.put(foreign, PNG, 'image/png');
    const document = `storage/user/documents/${advisor.userId}/${randomUUID().replace(/-/g, '')}.png`;
    await t.ports.blobs.put(document, PNG, 'image/png');
    const notImage = mediaKey(advisor.userId);
    await t.ports.blobs.put(notImage, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    const webp = mediaKey(advisor.userId, 'webp');
    await t.ports.blobs.put(webp, Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'image/webp');
    const huge = mediaKey(advisor.userId);
    await t.ports.blobs.put(huge, Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES)]), 'image/png');
    const missing = mediaKey(advisor.userId);
    const traversal = `storage/user/media/${advisor.userId}/../${someoneElse}/x.png`;

    const hh = await advisorWithHousehold(advisor, { business_email: 'jane@advice.sg' });
    const warn = jest.spyOn(t.svc.ctx.logger, 'warn');
    try {
      for (const key of [foreign, document, notImage, webp, huge, missing, traversal, 'https://evil.example/x.png']) {
        await t.svc.ctx.db('advisors').where({ id: advisor.userId }).update({ profile_image: key });
        warn.mockClear();
        const branding = await brandingOf(t.svc.ctx, hh, body);
        expect([key, branding.photo, branding.email]).toEqual([key, null, 'jane@advice.sg']);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ advisorId: advisor.userId, reason: expect.any(String) }),
          'the client plan cover goes without the photo',
        );
      }
      // the same photo under the advisor's own id is taken (the checks above refuse by key and bytes, not always)
      const own = mediaKey(advisor.userId);
      await t.ports.blobs.put(own, PNG, 'image/png');
      await t.svc.ctx.db('advisors').where({ id: advisor.userId }).update({ profile_image: own });
      expect((await brandingOf(t.svc.ctx, hh, body)).photo).toEqual({ data: PNG, type: 'png' });
      // only the client plan's cover shows it: a tab export does not read the photo
      expect((await brandingOf(t.svc.ctx, hh, { report: 'cashflow', format: 'docx' })).photo).toBeNull();

      // through the API: an export with a photo that is no image is made all the same, branded from the events
      await t.svc.ctx.db('advisors').where({ id: advisor.userId }).update({ profile_image: notImage });
      const res = await fetch(`${t.svc.url}/api/v1/customer/${hh.id}/exports`, {
        method: 'POST',
        headers: await signed(advisor),
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
      const headers = await Promise.all(
        Object.entries(zip.files)
          .filter(([n]) => n.startsWith('word/header'))
          .map(([, f]) => f.async('string')),
      );
      expect(headers.join('')).toContain('Prepared by Jane Ong, Certified Financial Planner');
    } finally {
      warn.mockRestore();
    }
  });

  /** The headers the gateway signs for `who`, for a call whose reply is a file (the harness's call reads text). */
  async function signed(who: ReturnType<typeof testIdentity>) {
    const { signIdentityHeaders } = await import('@kinfolio/service-kit');
    return {
      ...signIdentityHeaders(t.secret, who, undefined, randomUUID(), { client: '127.0.0.1' }),
      'x-requested-with': 'kinfolio',
      'authorization-type': who.type,
      'content-type': 'application/json',
    };
  }
});
