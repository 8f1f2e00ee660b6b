import { z } from 'zod';
import { signPass, verifyPass } from './signed-pass';

const Schema = z.strictObject({ user: z.string(), exp: z.number().int() });
const SECRET = 'a'.repeat(32);

describe('signed passes', () => {
  const now = 1_800_000_000_000;
  const pass = signPass(SECRET, 'meeting', { user: 'u1', exp: now + 1000 });

  it('reads back the payload it signed', () => {
    expect(verifyPass(SECRET, 'meeting', pass, Schema, now)).toEqual({ user: 'u1', exp: now + 1000 });
  });
  it('refuses another secret, another purpose, an expired pass and a changed payload', () => {
    expect(verifyPass('b'.repeat(32), 'meeting', pass, Schema, now)).toBeNull();
    expect(verifyPass(SECRET, 'export', pass, Schema, now)).toBeNull();
    expect(verifyPass(SECRET, 'meeting', pass, Schema, now + 1001)).toBeNull();
    const [, sig] = pass.split('.');
    const forged = `${Buffer.from(JSON.stringify({ user: 'u2', exp: now + 1000 })).toString('base64url')}.${sig}`;
    expect(verifyPass(SECRET, 'meeting', forged, Schema, now)).toBeNull();
  });
  it('refuses what is not a pass, and a payload its schema refuses', () => {
    for (const bad of [undefined, 42, '', 'abc', 'a.b.c', `${pass}x`])
      expect(verifyPass(SECRET, 'meeting', bad, Schema, now)).toBeNull();
    const extra = signPass(SECRET, 'meeting', { user: 'u1', exp: now + 1000, role: 'x' } as { exp: number });
    expect(verifyPass(SECRET, 'meeting', extra, Schema, now)).toBeNull();
  });
});
