import { hashToken, sessionCacheKey, sessionToken } from './session';

describe('sessionToken', () => {
  it('reads the kf_session cookie among others', () => {
    expect(sessionToken({ cookie: 'a=1; kf_session=abc%2Bdef; b=2' })).toBe('abc+def');
    expect(sessionToken({ cookie: 'kf_session="quoted"' })).toBe('quoted');
    expect(sessionToken({ cookie: 'not_kf_session=x' })).toBeUndefined();
  });

  it('prefers Authorization: Bearer', () => {
    expect(sessionToken({ authorization: 'Bearer tok', cookie: 'kf_session=cookie' })).toBe('tok');
    expect(sessionToken({ authorization: 'Basic xyz', cookie: 'kf_session=cookie' })).toBe('cookie');
    expect(sessionToken({})).toBeUndefined();
  });

  it('keys sessions by the sha256 hex of the token', () => {
    expect(sessionCacheKey(hashToken('abc'))).toBe(
      'session:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
