import { hashToken, sessionCacheKey, sessionToken } from './session';

describe('sessionToken', () => {
  it('reads the kf_session cookie among others', () => {
    expect(sessionToken({ cookie: 'a=1; kf_session=abc%2Bdef; b=2' })).toBe('abc+def');
    expect(sessionToken({ cookie: 'kf_session="quoted"' })).toBe('quoted');
    expect(sessionToken({ cookie: 'not_kf_session=x' })).toBeUndefined();
  });

  it('reads the cookie the scheme gives: __Host-kf_session over https, kf_session over http, never the other', () => {
    const both = { cookie: 'kf_session=plain; __Host-kf_session=hosted' };
    expect(sessionToken(both, true)).toBe('hosted');
    expect(sessionToken(both, false)).toBe('plain');
    // over https a plain kf_session (which a sub-domain or an http page could have planted) is not a session
    expect(sessionToken({ cookie: 'kf_session=plain' }, true)).toBeUndefined();
    expect(sessionToken({ cookie: '__Host-kf_session=hosted' }, false)).toBeUndefined();
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
