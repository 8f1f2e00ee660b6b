import { Distributed, eventually } from '../support/distributed';

/**
 * Issue 2 §3/§8: a service killed under load answers 503 through the gateway within a second (never a hang), and
 * the gateway recovers by itself once the service is back.
 */
describe('a service killed under load (distributed)', () => {
  const sys = new Distributed();

  beforeAll(() => sys.start(), 120_000);
  afterAll(() => sys.stop());

  it('answers 503 quickly while svc-planning is down and recovers when it restarts', async () => {
    const url = `${sys.gatewayUrl}/api/v1/currency-rates`;
    const samples: Array<{ at: number; status: number; ms: number }> = [];
    let running = true;
    const t0 = Date.now();
    const worker = async () => {
      while (running) {
        const started = performance.now();
        let status = 0;
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = -1; // a hang or a reset would show here
        }
        samples.push({ at: Date.now() - t0, status, ms: performance.now() - started });
      }
    };
    const workers = Array.from({ length: 8 }, worker);

    await eventually(async () => samples.some((s) => s.status === 200), 10_000);
    const planning = sys.find('svc-planning');
    const port = planning.port;
    await new Promise((r) => setTimeout(r, 1000));
    const killedAt = Date.now() - t0;
    sys.kill(planning);
    await new Promise((r) => setTimeout(r, 2500));
    const restartAt = Date.now() - t0;
    await sys.restart('svc-planning', 'svc-planning/src/main.ts', port);
    await eventually(async () => samples.slice(-20).every((s) => s.status === 200) && samples.length > 40, 20_000);
    running = false;
    await Promise.all(workers);

    const down = samples.filter((s) => s.at > killedAt + 200 && s.at < restartAt);
    expect(down.length).toBeGreaterThan(10);
    expect(down.every((s) => s.status === 503)).toBe(true);
    expect(Math.max(...down.map((s) => s.ms))).toBeLessThan(1000);
    expect(samples.some((s) => s.status === -1)).toBe(false);
    expect(samples.slice(-20).every((s) => s.status === 200)).toBe(true);
  }, 120_000);
});
