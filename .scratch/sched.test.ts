import { amortisationSchedule } from '../svc-planning/src/domain/calculations/loans';
it('x', () => {
  const s = amortisationSchedule(250000, 2.6, 35 * 12);
  const y1 = s.slice(0, 12);
  const sum = (f: (r: any) => number) => y1.reduce((a: number, r: any) => a + Math.round(f(r) * 100), 0) / 100;
  console.log(JSON.stringify(s.slice(0, 2)), sum((r) => r.payment), sum((r) => r.interest), sum((r) => r.principal), (s[11] as any).balance);
});
