import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import fc from 'fast-check';
import { supportModule } from '../src/module';
import { XSS_CORPUS } from './xss-corpus';

jest.setTimeout(60_000);

/** Values that are never a valid string field: other JSON types, over-long text, control characters. */
const nonStrings = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const badText = (max: number, required = true) =>
  fc.oneof(
    nonStrings,
    fc.constant('x'.repeat(max + 1)),
    fc.string({ minLength: 1, maxLength: 10 }).map((s) => `${s}\u0000${s}`),
    ...(required ? [fc.constant(''), fc.constant('   ')] : []),
  );
const badEnum = (valid: string[]) =>
  fc.oneof(
    nonStrings,
    fc.string({ maxLength: 20 }).filter((s) => !valid.includes(s.trim().toLowerCase())),
  );
const badUuid = fc.oneof(nonStrings, fc.string({ maxLength: 40 }), fc.constant('00000000-0000-0000-0000-00000000000g'));
const badHtml = (required: boolean) =>
  fc.oneof(
    nonStrings,
    fc.constant('x'.repeat(50_001)),
    ...(required ? [fc.constant(''), fc.constant('<script>alert(1)</script>')] : []),
  );
const badArray = (item: fc.Arbitrary<unknown>) =>
  fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 1 }),
    fc.array(item, { minLength: 1, maxLength: 3 }),
  );
const junkObject = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.string({ maxLength: 5 }),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
);

const TOP_LEVEL = ['null', '[]', '"text"', '42', 'true', '{"a":', '{bad json}', '[1,2,3]', '{}'];

interface Sweep {
  name: string;
  method: string;
  path: () => string;
  as: () => ReturnType<typeof testIdentity> | null;
  valid: Record<string, unknown>;
  fields: Record<string, fc.Arbitrary<unknown>>;
  /** '{}' is valid for this endpoint (every field optional with defaults), so it is not in the top-level junk. */
  emptyIsValid?: boolean;
}

describe.each(testInfras())('svc-support bad-input sweep (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const admin = testIdentity('admin');
  let ticketId = '';
  let faqId = '';
  let topicId = '';
  let answerId = '';
  let walkthroughId = '';
  let presentationId = '';

  const TABLES = [
    'tickets',
    'ticket_replies',
    'faq_topics',
    'faq_answers',
    'page_walkthroughs',
    'presentations',
    'error_logs',
    'outbox',
  ];
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    // the outbox relay marks rows sent in the background: compare what was enqueued, not when it was sent
    for (const table of TABLES)
      out[table] = await t.svc.ctx
        .db(table)
        .orderBy('id')
        .select(table === 'outbox' ? ['id', 'type', 'payload'] : '*');
    return JSON.stringify(out);
  };

  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
    ticketId = (await t.call('POST', 'user/query-ticket', { as: advisor, body: { query: 'sweep' } })).body.data.id;
    const faq = (
      await t.call('POST', 'admin/faq/create', {
        as: admin,
        body: { title: 'T', FAQAnswers: [{ question: 'q', answer: 'a' }] },
      })
    ).body.data;
    faqId = faq.id;
    topicId = faq.id;
    answerId = faq.FAQAnswers[0].id;
    walkthroughId = (
      await t.call('POST', 'admin/page-walkthrough/create', {
        as: admin,
        body: { title: 'w', page_meta: { data: ['/a'] } },
      })
    ).body.data.id;
    presentationId = (await t.call('POST', 'admin/presentations/create', { as: admin, body: { folder_name: 'f' } }))
      .body.data.id;
  });
  afterAll(async () => {
    await t.stop();
  });

  const attachment = {
    media: `storage/user/media/${advisor.userId}/1700000000000.png`,
    mimetype: 'image/png',
    fileName: 'a.png',
  };
  const badAttachment = fc.oneof(
    junkObject,
    fc.record({ media: badText(300), mimetype: fc.constant('image/png'), fileName: fc.constant('a') }),
    fc.record({ media: fc.constant(attachment.media), mimetype: badText(100), fileName: fc.constant('a') }),
    fc.record({ media: fc.constant(attachment.media), mimetype: fc.constant('image/png'), fileName: badText(255) }),
    fc.constant({ ...attachment, media: `storage/user/media/${randomUUID()}/1700000000000.png` }),
  );
  const badAttachments = fc.oneof(badArray(badAttachment), fc.constant(Array.from({ length: 11 }, () => attachment)));
  const faqAnswer = fc.oneof(
    junkObject,
    fc.record({ question: badHtml(true), answer: fc.constant('a') }),
    fc.record({ question: fc.constant('q'), answer: badHtml(true) }),
  );

  const sweeps: Sweep[] = [
    {
      name: 'create ticket',
      method: 'POST',
      path: () => 'user/query-ticket',
      as: () => advisor,
      valid: { query: 'q' },
      fields: { query: badText(5000), query_type: badEnum(['general enquiry', 'others']), attachments: badAttachments },
    },
    {
      name: 'user reply',
      method: 'POST',
      path: () => `user/query-ticket/${ticketId}/reply`,
      as: () => advisor,
      valid: { reply: 'r' },
      fields: { reply: badText(5000), attachments: badAttachments },
    },
    {
      name: 'user close',
      method: 'PATCH',
      path: () => `user/query-ticket/${ticketId}/update`,
      as: () => advisor,
      valid: { status: 'closed' },
      fields: { status: badEnum(['closed']) },
    },
    {
      name: 'admin reply',
      method: 'POST',
      path: () => `admin/query-ticket/${ticketId}/reply`,
      as: () => admin,
      valid: { reply: 'r' },
      fields: { reply: badText(5000), attachments: badAttachments },
    },
    {
      name: 'admin status',
      method: 'PATCH',
      path: () => `admin/query-ticket/${ticketId}/update`,
      as: () => admin,
      valid: { status: 'closed' },
      fields: { status: badEnum(['pending', 'closed']) },
    },
    {
      name: 'faq create',
      method: 'POST',
      path: () => 'admin/faq/create',
      as: () => admin,
      valid: { title: 't', FAQAnswers: [] },
      fields: { title: badText(200), FAQAnswers: badArray(faqAnswer) },
    },
    {
      name: 'faq update',
      method: 'PATCH',
      path: () => `admin/faq/${faqId}/update`,
      as: () => admin,
      valid: { title: 't' },
      fields: { title: badText(200), FAQAnswers: badArray(faqAnswer) },
    },
    {
      name: 'topic create',
      method: 'POST',
      path: () => 'admin/faq-topic/create',
      as: () => admin,
      valid: { title: 't' },
      fields: { title: badText(200) },
    },
    {
      name: 'topic update',
      method: 'PATCH',
      path: () => `admin/faq-topic/${topicId}/update`,
      as: () => admin,
      valid: { title: 't' },
      fields: { title: badText(200) },
    },
    {
      name: 'answer create',
      method: 'POST',
      path: () => 'admin/faq-answer/create',
      as: () => admin,
      get valid() {
        return { faq_topic_id: topicId, question: 'q', answer: 'a' };
      },
      fields: {
        faq_topic_id: fc.oneof(badUuid, fc.constant(randomUUID())),
        question: badHtml(true),
        answer: badHtml(true),
      },
    },
    {
      name: 'answer update',
      method: 'PATCH',
      path: () => `admin/faq-answer/${answerId}/update`,
      as: () => admin,
      valid: { question: 'q' },
      fields: {
        faq_topic_id: fc.oneof(badUuid, fc.constant(randomUUID())),
        question: badHtml(true),
        answer: badHtml(true),
      },
    },
    {
      name: 'walkthrough create',
      method: 'POST',
      path: () => 'admin/page-walkthrough/create',
      as: () => admin,
      valid: { title: 'w', page_meta: { data: ['/a'], folder_name: '' } },
      fields: {
        title: badText(200),
        description: badHtml(false),
        link: fc.oneof(
          nonStrings,
          fc.constantFrom('javascript:alert(1)', 'ftp://x.y', 'not a url', 'data:text/html,x'),
        ),
        page_meta: fc.oneof(
          junkObject,
          fc.record({ data: badArray(badText(200)) }),
          fc.constant({ data: [] }),
          fc.record({ data: fc.constant(['/a']), folder_name: nonStrings.filter((v) => v !== null || true) }),
        ),
        uploaded_files: fc.oneof(junkObject, fc.record({ files: badArray(nonStrings) })),
      },
    },
    {
      name: 'walkthrough update',
      method: 'PATCH',
      path: () => `admin/page-walkthrough/${walkthroughId}/update`,
      as: () => admin,
      valid: { title: 'w' },
      fields: {
        title: badText(200),
        description: badHtml(false),
        link: fc.oneof(nonStrings, fc.constantFrom('javascript:alert(1)', 'not a url')),
        page_meta: fc.oneof(junkObject, fc.constant({ data: [] })),
      },
    },
    {
      name: 'presentation create',
      method: 'POST',
      path: () => 'admin/presentations/create',
      as: () => admin,
      valid: { folder_name: 'f' },
      fields: {
        folder_name: badText(200),
        files: badArray(
          fc.oneof(
            junkObject,
            fc.record({
              name: fc.constant('n'),
              url: fc.oneof(
                nonStrings,
                fc.constantFrom('https://x.y/a.exe', 'javascript:alert(1)//.pdf', 'http://x.y/a.pdf', '../a.pdf'),
              ),
            }),
            fc.record({ name: badText(200), url: fc.constant('https://x.y/a.pdf') }),
          ),
        ),
      },
    },
    {
      name: 'presentation update',
      method: 'PATCH',
      path: () => `admin/presentations/${presentationId}/update`,
      as: () => admin,
      valid: { folder_name: 'f' },
      fields: { folder_name: badText(200), files: badArray(junkObject) },
    },
    {
      name: 'log-error',
      method: 'POST',
      path: () => 'log-error',
      as: () => null,
      valid: { error: 'e' },
      fields: {
        error: badText(5000),
        stack: badText(20_000, false),
        info: fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
          fc.constant('x'.repeat(10_001)),
        ),
        url: badText(2000, false),
        timestamp: fc.oneof(
          fc.boolean(),
          fc.string({ maxLength: 10 }),
          fc.integer({ max: -1 }),
          fc.constant(1.5),
          fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 }), { maxKeys: 1 }),
        ),
        userData: fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.string({ maxLength: 5 }),
          fc.array(fc.integer(), { maxLength: 2 }),
        ),
      },
    },
    {
      name: 'signed-upload',
      method: 'POST',
      path: () => 'files/signed-upload',
      as: () => advisor,
      valid: { object_key: 'a.pdf' },
      fields: {
        object_key: fc.oneof(
          badText(300),
          fc.constantFrom('a.html', 'a.exe', `storage/user/media/${randomUUID()}/1.png`, 'noext'),
        ),
      },
    },
  ];

  it.each(sweeps.map((s) => [s.name, s] as const))(
    '%s: at least 200 invalid bodies get a 4xx naming the problem, and nothing is stored',
    async (_name, s) => {
      const bodies: unknown[] = TOP_LEVEL.filter((b) => !(s.emptyIsValid && b === '{}'));
      const fields = Object.entries(s.fields);
      const per = Math.ceil((205 - bodies.length) / fields.length);
      fields.forEach(([field, arb], i) => {
        for (const junk of fc.sample(arb, { numRuns: per, seed: 42 + i })) bodies.push({ ...s.valid, [field]: junk });
      });
      expect(bodies.length).toBeGreaterThanOrEqual(200);
      const before = await snapshot();
      const statuses: number[] = [];
      for (let i = 0; i < bodies.length; i += 8) {
        const batch = bodies.slice(i, i + 8);
        const results = await Promise.all(
          batch.map((body) =>
            t.call(s.method, s.path(), {
              as: s.as(),
              body: typeof body === 'string' ? body : body,
              headers: {
                'x-forwarded-for': `10.${i % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
              },
            }),
          ),
        );
        results.forEach((r, j) => {
          statuses.push(r.status);
          if (r.status < 400 || r.status >= 500)
            throw new Error(
              `${s.name}: ${JSON.stringify(batch[j]).slice(0, 300)} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`,
            );
          expect(typeof r.body.message).toBe('string');
        });
      }
      expect(statuses.every((c) => c >= 400 && c < 500)).toBe(true);
      expect(await snapshot()).toBe(before);
      // and the valid body still works (the sweep did not break the endpoint)
      const ok = await t.call(s.method, s.path(), {
        as: s.as(),
        body: s.valid,
        headers: { 'x-forwarded-for': '10.255.255.1' },
      });
      expect(ok.status).toBeLessThan(300);
      if (s.name === 'user close')
        await t.call('PATCH', `admin/query-ticket/${ticketId}/update`, { as: admin, body: { status: 'pending' } });
      if (s.name === 'admin status')
        await t.call('PATCH', `admin/query-ticket/${ticketId}/update`, { as: admin, body: { status: 'pending' } });
    },
  );

  it('stores every XSS payload in a reply verbatim as plain text (never interpreted, never rewritten)', async () => {
    for (const payload of XSS_CORPUS) {
      const res = await t.call('POST', `user/query-ticket/${ticketId}/reply`, {
        as: advisor,
        body: { reply: payload },
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.data.reply).toBe(payload);
    }
  });
});
