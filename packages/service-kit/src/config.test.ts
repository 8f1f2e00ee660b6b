import { KitConfig, loadConfig } from './config';

const base = { INTERNAL_SECRET: 'x'.repeat(32) };

describe('AUTH_SIGN_IN_PER_ADDRESS (svc-auth loginIp)', () => {
  it('defaults to the documented 50 sign-in attempts per address in 15 minutes', () => {
    expect(loadConfig(KitConfig, base).AUTH_SIGN_IN_PER_ADDRESS).toBe(50);
  });
  it('takes a whole number from the environment (the end-to-end suite raises it)', () => {
    expect(loadConfig(KitConfig, { ...base, AUTH_SIGN_IN_PER_ADDRESS: '1000' }).AUTH_SIGN_IN_PER_ADDRESS).toBe(1000);
  });
  it('refuses 0, a fraction or a word at start, naming the key', () => {
    for (const v of ['0', '2.5', 'many'])
      expect(() => loadConfig(KitConfig, { ...base, AUTH_SIGN_IN_PER_ADDRESS: v })).toThrow(/AUTH_SIGN_IN_PER_ADDRESS/);
  });
});
