import { startTestService, type TestService, testIdentity } from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
jest.setTimeout(120_000);
it('smoke', async () => {
  const t: TestService = await startTestService(planningModule, { infra: 'embedded' as never });
  const advisor = testIdentity('advisor');
  const res = await t.call('POST', 'leads', { as: advisor, body: { name: 'Alex Tan', age: 40, email: 'a@example.com', currency: 'SGD', members: [] } });
  console.log(res.status, JSON.stringify(res.body).slice(0, 200));
  const id = res.body.data.id;
  for (const format of ['pdf', 'xlsx', 'docx', 'pptx']) {
    const j = await t.call('POST', `customer/${id}/export-jobs`, { as: advisor, body: { report: 'client-plan', format } });
    console.log(j.status, JSON.stringify(j.body));
    let s;
    for (let k = 0; k < 100; k++) {
      s = await t.call('GET', `customer/${id}/export-jobs/${j.body.data.id}`, { as: advisor });
      if (s.body.data.status === 'done' || s.body.data.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(JSON.stringify(s?.body));
    const f = await t.call('GET', `customer/${id}/export-jobs/${j.body.data.id}/download`, { as: advisor });
    console.log(f.status, f.headers?.['content-type'], (f as any).raw?.length ?? JSON.stringify(f.body).length);
  }
  const g = await t.call('GET', `customer/${id}/client-plan`, { as: advisor });
  console.log(JSON.stringify(g.body));
  const p = await t.call('PUT', `customer/${id}/client-plan`, { as: advisor, body: { sections: ['summary', 'summary'] } });
  console.log(p.status, JSON.stringify(p.body));
  await t.stop(); await closeScenarioPool();
});
