import { createHash } from 'node:crypto';
import {
  cardUrl,
  initials,
  PUBLIC_PAGE_SCRIPT,
  PUBLIC_PAGE_SCRIPT_HASH,
  type PublicPageData,
  renderNotFoundPage,
  renderPublicPage,
} from './public-page';

const EVIL = `"><script>alert(1)</script>`;
const base: PublicPageData = {
  name: 'Jane Tan',
  username: 'jane',
  designation: 'Chartered Financial Planner',
  business_email: null,
  email: 'jane@example.com',
  business_phone: '+65 6123 4567',
  contact_number: '91234567',
  og_image: null,
  meta: [{ title: 'Languages', value: 'English, Malay' }],
  testimonials: [{ id: 't1', name: 'Siti Rahman', designation: 'Teacher', content: 'Clear and kind.' }],
  reviews: [
    { id: 'r1', name: 'Ali B.', rating: 5, review: 'Great.' },
    { id: 'r2', name: 'Mei L.', rating: 4, review: 'Helpful.' },
  ],
  rating: { average: 4.5, count: 2 },
  lead_magnets: [{ id: 'lm-1', title: 'Retirement checklist', description: 'Ten questions' }],
};
const origin = 'https://jane.kinfolio.app';

describe("the advisor's public page (HTML)", () => {
  it('shows meta data, testimonials, reviews with the average and lead magnets with a labelled form', () => {
    const html = renderPublicPage(base, { origin, onboarding: { advisor_id: 'a-1', referral_id: 'REF 1' } });
    expect(html).toContain('<dt>Languages</dt><dd>English, Malay</dd>');
    expect(html).toContain('<figcaption>Siti Rahman, Teacher</figcaption>');
    expect(html).toContain('<span>4.5 out of 5 from 2 reviews</span>');
    expect(html).toContain('role="img" aria-label="4.5 out of 5 stars">★★★★★</span>');
    expect(html).toContain('<a href="tel:+6561234567">+65 6123 4567</a>');
    expect(html).toContain('<label for="m0-n">Name<input id="m0-n"');
    expect(html).toContain('<label for="m0-e">E-mail<input id="m0-e" type="email"');
    expect(html).toContain('I agree that Jane Tan may contact me about this file</label>');
    expect(html).toContain('<p class="msg" role="status" aria-live="polite"></p>');
    expect(html).toContain(
      'href="/on-boarding?referral_id=REF+1&amp;advisor_id=a-1">Start your financial plan with Jane Tan</a>',
    );
    expect(html).toContain(`<script>${PUBLIC_PAGE_SCRIPT}</script>`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('<html lang="en">');
  });

  it('greets with the name as the advisor entered it and takes the initials of its first two words', () => {
    // issue 30 item 15: "Tan Wei Ming" (family name first) was greeted as "Tan" with initials "TM"
    const html = renderPublicPage(
      { ...base, name: ' Tan  Wei Ming ', og_image: null },
      { origin, onboarding: { advisor_id: 'a-1', referral_id: 'REF' } },
    );
    expect(html).toContain('>Start your financial plan with Tan Wei Ming</a>');
    expect(html).toContain('<span class="ini" aria-hidden="true">TW</span>');
    expect(initials('Muhammad Ali bin Ahmad')).toBe('MA');
    expect(initials('李小龍')).toBe('李');
  });

  it('escapes every stored value, in text and in attributes', () => {
    const page = (v: string) =>
      renderPublicPage(
        {
          ...base,
          name: `Tom ${v}`,
          designation: v,
          business_email: `a@b.c${v}`,
          og_image: `https://cdn.example/p.png?x=1&y=${v}`,
          meta: [{ title: v, value: v }],
          testimonials: [{ id: v, name: v, designation: v, content: v }],
          reviews: [{ id: 'r', name: v, rating: 3, review: v }],
          lead_magnets: [{ id: v, title: v, description: v }],
        },
        { origin, onboarding: { advisor_id: v, referral_id: v } },
      );
    const html = page(EVIL);
    // the same elements and attributes as with harmless text: nothing stored opened a tag or left an attribute
    const skeleton = (h: string) => [...h.matchAll(/<\/?[a-z0-9]+|\s[a-z-]+="/g)].map((m) => m[0]);
    expect(skeleton(html)).toEqual(skeleton(page('x')));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<h1 id="advisor-name">Tom &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
  });

  it('leaves out empty sections, the script without lead magnets and the on-boarding link without its ids', () => {
    const html = renderPublicPage(
      { ...base, meta: [], testimonials: [], reviews: [], rating: { average: null, count: 0 }, lead_magnets: [] },
      { origin },
    );
    expect(html).not.toContain('<h2');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('on-boarding');
  });

  it("allows exactly its script by hash; the card's URL changes only with name and designation", () => {
    expect(PUBLIC_PAGE_SCRIPT_HASH).toBe(
      `'sha256-${createHash('sha256').update(PUBLIC_PAGE_SCRIPT).digest('base64')}'`,
    );
    const a = cardUrl(base, origin);
    expect(a).toMatch(/^https:\/\/jane\.kinfolio\.app\/api\/v1\/advisor\/public\/card\.png\?v=[\w-]{12}$/);
    expect(cardUrl({ ...base }, origin)).toBe(a);
    expect(cardUrl({ ...base, designation: 'CFP' }, origin)).not.toBe(a);
  });

  it('the 404 page escapes the host', () => {
    const html = renderNotFoundPage('<b>x</b>.kinfolio.app', 'https://kinfolio.app/');
    expect(html).toContain('There is no advisor page at &lt;b&gt;x&lt;/b&gt;.kinfolio.app.');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});
