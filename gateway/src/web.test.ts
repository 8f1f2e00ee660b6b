import {
  absoluteImageUrl,
  advisorOgTags,
  cacheControlFor,
  foreignOrigins,
  injectIntoHead,
  remoteBase,
  remotesManifest,
} from './web';

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

describe("the advisor's og tags (tenant index.html)", () => {
  const advisor = {
    name: 'Jane Tan',
    username: 'jane',
    designation: 'Chartered Financial Planner',
    business_email: null,
    email: 'jane@example.com',
    business_phone: null,
    contact_number: null,
    og_image: 'storage/user/media/0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11/1700000000.png',
  };
  const origin = 'https://jane.kinfolio.app';

  it('names the advisor, the designation and an absolute image URL', () => {
    expect(
      advisorOgTags(advisor, origin)
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual([
      '<meta property="og:title" content="Jane Tan" />',
      '<meta property="og:description" content="Chartered Financial Planner" />',
      '<meta property="og:image" content="https://jane.kinfolio.app/api/v1/files/blob/storage/user/media/0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11/1700000000.png" />',
    ]);
  });

  it('uses the default description without a designation and the generated card without an image', () => {
    const tags = advisorOgTags({ ...advisor, designation: '  ', og_image: null }, origin);
    expect(tags).toContain('<meta property="og:description" content="Fintech Advisory" />');
    expect(tags).toMatch(
      /<meta property="og:image" content="https:\/\/jane\.kinfolio\.app\/api\/v1\/advisor\/public\/card\.png\?v=[\w-]{12}" \/>/,
    );
  });

  it('escapes every value, so stored text can never close the attribute or open a tag', () => {
    const tags = advisorOgTags(
      {
        ...advisor,
        name: 'Tom "Tiger" <b>Lee</b> & Co',
        designation: `CFP'><script>alert(1)</script>`,
        og_image: 'https://cdn.example/a.png?x=1&y="2"',
      },
      origin,
    );
    expect(tags).toContain('content="Tom &quot;Tiger&quot; &lt;b&gt;Lee&lt;/b&gt; &amp; Co"');
    expect(tags).toContain('content="CFP&#39;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(tags).toContain('content="https://cdn.example/a.png?x=1&amp;y=&quot;2&quot;"');
    expect(tags).not.toMatch(/<(?!meta )/);
    expect(tags.match(/"/g)?.length).toBe(12);
  });

  it('makes stored images absolute; absolute URLs pass unchanged', () => {
    expect(absoluteImageUrl('https://cdn.example/p.png', origin)).toBe('https://cdn.example/p.png');
    expect(absoluteImageUrl('/img/p.png', origin)).toBe('https://jane.kinfolio.app/img/p.png');
    expect(absoluteImageUrl('./storage/a b.png', origin)).toBe(
      'https://jane.kinfolio.app/api/v1/files/blob/storage/a%20b.png',
    );
  });

  it('puts the tags at the end of the head (before <body> when there is no </head>)', () => {
    const tags = '<meta property="og:title" content="x" />';
    const page = '<!doctype html><html><head><title>Kinfolio</title></HEAD><body><div id="root"></div></body></html>';
    const out = injectIntoHead(page, tags);
    expect(out.indexOf(tags)).toBeGreaterThan(out.indexOf('<title>'));
    expect(out.indexOf(tags)).toBeLessThan(out.indexOf('</HEAD>'));
    expect(out.replace(tags, '').replace(/\s+/g, '')).toBe(page.replace(/\s+/g, ''));
    const bare = injectIntoHead('<title>K</title><body><div id="root"></div></body>', tags);
    expect(bare.indexOf(tags)).toBeLessThan(bare.indexOf('<body>'));
    expect(injectIntoHead('<div id="root"></div>', tags)).toBe('<div id="root"></div>');
  });
});
