import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { dangers } from './inert';
import { XSS_CORPUS } from './xss-corpus';

jest.setTimeout(60_000);

describe.each(testInfras())('svc-support FAQ, walkthroughs and presentations (%s)', (infra) => {
  let t: TestService;
  const admin = testIdentity('admin');
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('manages topics and answers and searches them by keyword from 3 characters', async () => {
    const topic = await t.call('POST', 'admin/faq-topic/create', { as: admin, body: { title: 'Billing' } });
    expect(topic.status).toBe(201);
    const topicId = topic.body.data.id as string;
    const a1 = await t.call('POST', 'admin/faq-answer/create', {
      as: admin,
      body: { faq_topic_id: topicId, question: 'How do I <b>cancel</b>?', answer: '<p>Open Account Settings</p>' },
    });
    expect(a1.status).toBe(201);
    await t.call('POST', 'admin/faq-answer/create', {
      as: admin,
      body: { faq_topic_id: topicId, question: 'Refunds?', answer: '<p>Within 14 days</p>' },
    });
    const other = await t.call('POST', 'admin/faq/create', {
      as: admin,
      body: {
        title: 'Customers',
        FAQAnswers: [{ question: 'Add a customer', answer: '<p>Use <em>Add customer</em></p>' }],
      },
    });
    expect(other.body.data.FAQAnswers).toHaveLength(1);

    const all = await t.call('GET', 'user/faq', { as: null });
    expect(all.status).toBe(200);
    expect(all.body.data.map((f: { title: string }) => f.title)).toEqual(['Billing', 'Customers']);
    const two = await t.call('GET', 'user/faq?keyword=ca', { as: null });
    expect(two.body.data).toEqual(all.body.data);
    const hit = await t.call('GET', 'user/faq?keyword=CANCEL', { as: null });
    expect(hit.body.data).toHaveLength(1);
    expect(hit.body.data[0].FAQAnswers.map((a: { question: string }) => a.question)).toEqual([
      'How do I <b>cancel</b>?',
    ]);
    const byTitle = await t.call('GET', 'user/faq?keyword=billing', { as: null });
    expect(byTitle.body.data[0].FAQAnswers).toHaveLength(2);
    expect((await t.call('GET', 'user/faq?keyword=zzzz', { as: null })).body.data).toEqual([]);
    expect((await t.call('GET', 'user/faq?keyword=100%25', { as: null })).body.data).toEqual([]);

    // writes invalidate the cached search
    await t.call('PATCH', `admin/faq-answer/${a1.body.data.id}/update`, {
      as: admin,
      body: { question: 'How do I stop?' },
    });
    expect((await t.call('GET', 'user/faq?keyword=cancel', { as: null })).body.data).toEqual([]);
    expect((await t.call('GET', 'user/faq?keyword=stop', { as: null })).body.data[0].FAQAnswers).toHaveLength(1);
    await t.call('PATCH', `admin/faq-topic/${topicId}/update`, { as: admin, body: { title: 'Payments' } });
    expect((await t.call('GET', 'user/faq?keyword=payments', { as: null })).body.data[0].FAQAnswers).toHaveLength(2);
    await t.call('PATCH', `admin/faq/${other.body.data.id}/update`, {
      as: admin,
      body: { FAQAnswers: [{ question: 'Invite', answer: 'Send the link' }] },
    });
    expect((await t.call('GET', 'user/faq?keyword=invite', { as: null })).body.data[0].title).toBe('Customers');
    expect((await t.call('GET', 'admin/faq', { as: admin })).body.data).toHaveLength(2);
    expect((await t.call('GET', 'admin/faq-topic', { as: admin })).body.data).toHaveLength(2);
    expect((await t.call('GET', `admin/faq-answer?faq_topic_id=${topicId}`, { as: admin })).body.data).toHaveLength(2);

    expect((await t.call('DELETE', `admin/faq-answer/${a1.body.data.id}`, { as: admin })).status).toBe(200);
    expect((await t.call('DELETE', `admin/faq-answer/${a1.body.data.id}`, { as: admin })).status).toBe(404);
    expect((await t.call('DELETE', `admin/faq/${other.body.data.id}`, { as: admin })).status).toBe(200);
    expect((await t.call('DELETE', `admin/faq-topic/${topicId}`, { as: admin })).status).toBe(200);
    expect((await t.call('GET', 'user/faq', { as: null })).body.data).toEqual([]);
  });

  it('renders every XSS payload inert in FAQ answers and questions, on save and on output', async () => {
    const topic = await t.call('POST', 'admin/faq/create', {
      as: admin,
      body: { title: 'XSS', FAQAnswers: XSS_CORPUS.map((p, i) => ({ question: `Q${i} ${p}`, answer: `A${i} ${p}` })) },
    });
    expect(topic.status).toBe(201);
    const listed = await t.call('GET', 'user/faq', { as: null });
    const answers = listed.body.data[0].FAQAnswers as Array<{ question: string; answer: string }>;
    expect(answers).toHaveLength(XSS_CORPUS.length);
    for (const a of answers) {
      expect(dangers(a.answer)).toEqual([]);
      expect(dangers(a.question)).toEqual([]);
    }
    // what is kept: formatting, https links with rel, https images
    const fine = answers[answers.length - 1]!.answer;
    expect(fine).toContain('<b>bold</b>');
    expect(fine).toContain('href="https://kinfolio.app/help"');
    expect(fine).toContain('rel="noopener noreferrer"');
    expect(fine).toContain('src="https://cdn.kinfolio.app/a.png"');
    // even a row written around the API (a hand-made insert) comes out sanitised
    await t.svc.ctx
      .db('faq_answers')
      .where({ faq_topic_id: topic.body.data.id })
      .update({ answer: '<img src=x onerror=alert(1)><script>alert(1)</script>ok' });
    await t.call('PATCH', `admin/faq-topic/${topic.body.data.id}/update`, { as: admin, body: { title: 'XSS2' } });
    for (const a of (await t.call('GET', 'user/faq', { as: null })).body.data[0].FAQAnswers)
      expect(dangers(a.answer)).toEqual([]);
    await t.call('DELETE', `admin/faq/${topic.body.data.id}`, { as: admin });
  });

  it('renders every XSS payload inert in walkthrough descriptions', async () => {
    for (const p of XSS_CORPUS) {
      const res = await t.call('POST', 'admin/page-walkthrough/create', {
        as: admin,
        body: { title: 'w', description: p, page_meta: { data: ['xss-page'], folder_name: '' } },
      });
      expect(res.status).toBe(201);
      expect(dangers(res.body.data.description)).toEqual([]);
    }
    const listed = await t.call('GET', 'page-walkthrough?path=/xss-page', { as: null });
    expect(listed.body.data).toHaveLength(XSS_CORPUS.length);
    for (const w of listed.body.data) {
      expect(dangers(w.description)).toEqual([]);
      await t.call('DELETE', `admin/page-walkthrough/${w.id}`, { as: admin });
    }
  });

  it('matches walkthroughs whose every page-meta value is contained in the path', async () => {
    const customers = await t.call('POST', 'admin/page-walkthrough/create', {
      as: admin,
      body: {
        title: 'Customers tour',
        description: '<p>Tour</p>',
        link: 'https://www.loom.com/share/abc',
        page_meta: { data: ['/advisor', 'customers'], folder_name: 'advisor' },
        uploaded_files: { files: [] },
      },
    });
    expect(customers.status).toBe(201);
    await t.call('POST', 'admin/page-walkthrough/create', {
      as: admin,
      body: { title: 'Leads tour', page_meta: { data: ['/advisor', 'leads'], folder_name: 'advisor' } },
    });
    const match = await t.call('GET', `page-walkthrough?path=${encodeURIComponent('/advisor/customers')}`, {
      as: null,
    });
    expect(match.body.data.map((w: { title: string }) => w.title)).toEqual(['Customers tour']);
    expect((await t.call('GET', 'page-walkthrough?path=/customer/home', { as: null })).body.data).toEqual([]);
    expect((await t.call('GET', 'page-walkthrough', { as: null })).body.data).toHaveLength(2);
    const upd = await t.call('PATCH', `admin/page-walkthrough/${customers.body.data.id}/update`, {
      as: admin,
      body: { page_meta: { data: ['/advisor/customers/'], folder_name: 'advisor' } },
    });
    expect(upd.status).toBe(200);
    expect((await t.call('GET', 'page-walkthrough?path=/advisor/customers', { as: null })).body.data).toEqual([]);
    expect((await t.call('GET', 'admin/page-walkthrough', { as: admin })).body.data).toHaveLength(2);
    expect(
      (
        await t.call('PATCH', `admin/page-walkthrough/${crypto.randomUUID()}/update`, {
          as: admin,
          body: { title: 'x' },
        })
      ).status,
    ).toBe(404);
    for (const w of (await t.call('GET', 'admin/page-walkthrough', { as: admin })).body.data) {
      expect((await t.call('DELETE', `admin/page-walkthrough/${w.id}`, { as: admin })).status).toBe(200);
    }
  });

  it('keeps presentation folders of pdf, pptx, xlsx and doc files, readable by signed-in users', async () => {
    const created = await t.call('POST', 'admin/presentations/create', {
      as: admin,
      body: {
        folder_name: 'Onboarding',
        files: [
          { name: 'Deck', url: `storage/user/documents/${admin.userId}/deck.pptx` },
          { name: 'Guide', url: 'https://cdn.kinfolio.app/guide.pdf' },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.files[0].url).toContain('deck.pptx');
    expect(
      (
        await t.call('POST', 'admin/presentations/create', {
          as: admin,
          body: { folder_name: 'Bad', files: [{ name: 'x', url: 'https://cdn.kinfolio.app/x.exe' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', 'admin/presentations/create', {
          as: admin,
          body: { folder_name: 'Bad', files: [{ name: 'x', url: 'javascript:alert(1)//.pdf' }] },
        })
      ).status,
    ).toBe(400);
    for (const who of [advisor, customer])
      expect((await t.call('GET', 'presentations', { as: who })).body.data).toHaveLength(1);
    expect((await t.call('GET', 'presentations', { as: null })).status).toBe(401);
    const upd = await t.call('PATCH', `admin/presentations/${created.body.data.id}/update`, {
      as: admin,
      body: { folder_name: 'Welcome' },
    });
    expect(upd.body.data.folder_name).toBe('Welcome');
    expect((await t.call('GET', 'admin/presentations', { as: admin })).body.data[0].folder_name).toBe('Welcome');
    expect((await t.call('DELETE', `admin/presentations/${created.body.data.id}`, { as: admin })).status).toBe(200);
    expect((await t.call('GET', 'presentations', { as: advisor })).body.data).toEqual([]);
  });
});
