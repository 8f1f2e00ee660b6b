import { cacheControlFor, foreignOrigins, remoteBase, remotesManifest } from './web';

describe('web helpers', () => {
  it('never caches entry points and caches content-hashed files for a year', () => {
    expect(cacheControlFor('/x/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/main.3f2a9c1d.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/123.abcdef0123.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/logo.svg')).toBe('no-cache');
  });

  it('lists each remote manifest under /mf/<remote>/ unless configuration, environment or overrides say otherwise', () => {
    expect(remoteBase('mf_advisor')).toBe('/mf/mf-advisor/');
    const m = remotesManifest(
      { REMOTE_MF_ADMIN_URL: 'https://admin.cdn/mf-manifest.json' },
      { mf_customer: '/elsewhere/mf-manifest.json' },
      { REMOTE_MF_SUPPORT_URL: 'http://localhost:3004/mf-manifest.json' },
    );
    expect(m).toEqual({
      mf_advisor: '/mf/mf-advisor/mf-manifest.json',
      mf_customer: '/elsewhere/mf-manifest.json',
      mf_admin: 'https://admin.cdn/mf-manifest.json',
      mf_support: 'http://localhost:3004/mf-manifest.json',
    });
    expect(foreignOrigins(m).sort()).toEqual(['http://localhost:3004', 'https://admin.cdn']);
  });
});
