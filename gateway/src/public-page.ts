import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { auth } from '@kinfolio/contracts';
import { z } from 'zod';
import { escapeHtml } from './html';
import { TenantLookup, type TenantLookupOptions } from './tenant-lookup';

/**
 * The advisor's public page on `{username}.{public host}` (issue 15, docs/decisions/public-page.md), rendered by the
 * gateway as one small HTML document: the sharing tags crawlers read (title, description, og:*, twitter card,
 * canonical), the advisor's details, meta data, testimonials, published reviews with their average, and the lead
 * magnets with a form each. Its CSS and its few lines of JavaScript (the lead-magnet forms) are inline: one request,
 * no web fonts. Everything from svc-auth is HTML-escaped.
 */

/** The default description (spec §1), for an advisor without a designation. */
export const PAGE_DEFAULT_DESCRIPTION = 'Fintech Advisory';

/** What the page shows: advisor/public's reply (lists default to empty, so an older svc-auth still renders). */
export const PublicPageData = auth.AdvisorPublic.extend({
  meta: z.array(z.object({ title: z.string(), value: z.string() })).default([]),
  testimonials: z
    .array(z.object({ id: z.string(), name: z.string(), designation: z.string().nullable(), content: z.string() }))
    .default([]),
  reviews: z.array(z.object({ id: z.string(), name: z.string(), rating: z.number(), review: z.string() })).default([]),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }).default({ average: null, count: 0 }),
  lead_magnets: z
    .array(z.object({ id: z.string(), title: z.string(), description: z.string().nullable().optional() }))
    .default([]),
});
export type PublicPageData = z.infer<typeof PublicPageData>;

/** The link into the on-boarding fact-find (spec §2.5): svc-auth's internal answer. */
export const OnboardingIds = z.object({ advisor_id: z.string().min(1), referral_id: z.string().nullable() });
export type OnboardingIds = z.infer<typeof OnboardingIds>;

/**
 * Where a crawler reads a stored image: absolute http(s) URLs as they are, a root path on `origin`, a stored key
 * through the public files API of `origin` (og:image must be absolute).
 */
export function absoluteImageUrl(image: string, origin: string): string {
  if (/^https?:\/\//i.test(image)) return image;
  if (image.startsWith('/')) return `${origin}${image}`;
  const key = image.replace(/^\.?\/+/, '');
  return `${origin}/api/v1/files/blob/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The generated card's URL: stable per name and designation (`v` changes with them, so messengers refresh). */
export function cardUrl(advisor: Pick<auth.AdvisorPublic, 'name' | 'designation'>, origin: string): string {
  const v = createHash('sha256')
    .update(`${advisor.name}\n${advisor.designation?.trim() || PAGE_DEFAULT_DESCRIPTION}`)
    .digest('base64url')
    .slice(0, 12);
  return `${origin}/api/v1/advisor/public/card.png?v=${v}`;
}

/** og:image: the advisor's profile image, else the generated card (1200×630). */
export function ogImage(advisor: auth.AdvisorPublic, origin: string): { url: string; card: boolean } {
  return advisor.og_image
    ? { url: absoluteImageUrl(advisor.og_image, origin), card: false }
    : { url: cardUrl(advisor, origin), card: true };
}

/** The page's script: submits a lead-magnet form, then starts the download and says so (an aria-live message). */
export const PUBLIC_PAGE_SCRIPT = `document.querySelectorAll('form[data-magnet]').forEach(function(f){f.addEventListener('submit',function(e){e.preventDefault();var m=f.querySelector('.msg'),b=f.querySelector('button'),d=new FormData(f);b.disabled=true;m.className='msg';m.textContent='Preparing your download…';fetch('/api/v1/advisor/public/lead-magnets/'+encodeURIComponent(f.getAttribute('data-magnet'))+'/download',{method:'POST',headers:{'content-type':'application/json','x-requested-with':'kinfolio'},body:JSON.stringify({name:d.get('name'),email:d.get('email'),consent:d.get('consent')==='yes'})}).then(function(r){return r.json().catch(function(){return {}}).then(function(j){if(!r.ok||!j.data||!j.data.url)throw new Error(j.message||'Something went wrong. Please try again.');return j.data.url})}).then(function(u){m.textContent='Thank you. Your download is starting. ';var a=document.createElement('a');a.href=u;a.textContent='Download the file';m.appendChild(a);f.reset();location.assign(u)},function(x){m.className='msg err';m.textContent=x.message}).then(function(){b.disabled=false})})})`;
/** Its CSP source (the gateway's policy allows no other inline script). */
export const PUBLIC_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PUBLIC_PAGE_SCRIPT).digest('base64')}'`;

const CSS = `*{box-sizing:border-box}body{margin:0;font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2b2b;background:#f4f8f8}a{color:#17605d}.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px;z-index:2}.skip:focus{left:8px}.in{max-width:1040px;margin:0 auto;padding:0 20px}.top{background:#10302f;color:#fff}.top .in{display:flex;justify-content:space-between;align-items:center;min-height:60px;gap:12px}.top a{color:#fff;font-weight:700;text-decoration:none;padding:12px 4px}.brand{font-size:21px}.hero{background:linear-gradient(160deg,#10302f,#1f6f6c);color:#fff;padding:44px 0 52px}.hero .in{display:flex;flex-wrap:wrap;align-items:center;gap:28px}.hero a{color:#fff}.photo,.ini{width:144px;height:144px;border-radius:50%;border:4px solid #4db2af;flex:none}.photo{object-fit:cover;background:#1f6f6c}.ini{display:flex;align-items:center;justify-content:center;background:#4db2af;color:#0b2120;font-size:52px;font-weight:700}h1{font-size:clamp(28px,6vw,44px);line-height:1.15;margin:0 0 6px;overflow-wrap:anywhere}.desig{font-size:19px;color:#e3f1f1;margin:0 0 16px}.hero dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:6px 14px;margin:0 0 22px}.hero dt{font-weight:700;color:#bfe3e2}dd{margin:0;overflow-wrap:anywhere}.btn{display:inline-flex;align-items:center;min-height:48px;padding:10px 22px;border-radius:10px;border:0;background:#4db2af;color:#0b2120!important;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}.btn:disabled{opacity:.7}.body{padding-top:36px;padding-bottom:24px}section{margin:0 0 36px}h2{font-size:25px;margin:0 0 14px;color:#10302f}h3{font-size:19px;margin:0 0 6px;color:#10302f}.about{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:8px 18px;margin:0}.about dt{font-weight:700;color:#17605d}.about dd{white-space:pre-line}ul{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,290px),1fr));gap:16px}.card{background:#fff;border-radius:12px;padding:18px;box-shadow:0 1px 6px rgba(16,48,47,.1)}figure{margin:0}blockquote{margin:0 0 10px;white-space:pre-line;overflow-wrap:anywhere}figcaption,.by{color:#4a5757;font-size:15px;margin:0}.stars{color:#8a5a00;letter-spacing:2px;font-size:18px}.sum{display:flex;flex-wrap:wrap;align-items:center;gap:10px;margin:0 0 16px;font-size:18px}form{display:grid;gap:10px;margin-top:12px}form .btn{justify-self:start}label{font-weight:600}input[type=text],input[type=email]{display:block;width:100%;margin-top:4px;min-height:44px;padding:8px 10px;border:1px solid #5d6b6b;border-radius:8px;font:inherit}.consent{display:flex;gap:10px;align-items:flex-start;font-weight:400}.consent input{width:22px;height:22px;margin:2px 0 0;flex:none}.msg{margin:0;min-height:1.5em}.err{color:#a4262c}footer{text-align:center;padding:24px 20px 32px;color:#4a5757;font-size:15px}footer a{margin:0 8px}@media(max-width:480px){.hero{padding:32px 0 40px}.about{grid-template-columns:minmax(0,1fr);gap:2px}.about dd{margin-bottom:10px}}`;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function stars(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  const label = `${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`;
  return `<span class="stars" role="img" aria-label="${escapeHtml(label)}">${'★'.repeat(full)}${'☆'.repeat(5 - full)}</span>`;
}

/**
 * The avatar's initials: the first letters of the name's first two words as the advisor wrote it ("Tan Wei Ming" →
 * TW, "Jane Tan" → JT), never a guess which word is the given or the family name (docs/decisions/public-page.md 1).
 */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => Array.from(p)[0] ?? '')
    .join('')
    .toUpperCase();
}

export interface PageOptions {
  /** `{protocol}//{username}.{public host}`: the configured public host, never the request's Host or an IP. */
  origin: string;
  onboarding?: OnboardingIds | null;
}

/** The whole public page of `page`'s advisor: one HTML document, every value escaped. */
export function renderPublicPage(page: PublicPageData, o: PageOptions): string {
  const e = escapeHtml;
  const description = page.designation?.trim() || PAGE_DEFAULT_DESCRIPTION;
  const title = `${page.name} · ${description}`;
  const url = `${o.origin}/`;
  const image = ogImage(page, o.origin);
  const email = page.business_email || page.email;
  const phone = page.business_phone || page.contact_number;
  // the name as the advisor entered it, whole: no guessing which part is the given name (decision 1)
  const fullName = page.name.trim().replace(/\s+/g, ' ');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    '<meta name="theme-color" content="#4db2af">',
    '<link rel="icon" href="data:,">',
    '<meta property="og:type" content="profile">',
    '<meta property="og:site_name" content="Kinfolio">',
    `<meta property="og:title" content="${e(page.name)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:image" content="${e(image.url)}" />`,
    ...(image.card
      ? ['<meta property="og:image:width" content="1200">', '<meta property="og:image:height" content="630">']
      : []),
    `<meta property="og:image:alt" content="${e(`${page.name}, ${description}`)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${e(page.name)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    `<meta name="twitter:image" content="${e(image.url)}">`,
    `<style>${CSS}</style>`,
  ].join('\n');

  const photo = page.og_image
    ? `<img class="photo" src="${e(absoluteImageUrl(page.og_image, ''))}" alt="Photo of ${e(page.name)}" width="144" height="144">`
    : `<span class="ini" aria-hidden="true">${e(initials(page.name))}</span>`;
  const contact = [
    `<dt>E-mail</dt><dd><a href="${e(`mailto:${email}`)}">${e(email)}</a></dd>`,
    phone ? `<dt>Phone</dt><dd><a href="${e(telHref(phone))}">${e(phone)}</a></dd>` : '',
  ].join('');
  const onboarding = o.onboarding
    ? `<p><a class="btn" href="${e(`/on-boarding?${new URLSearchParams({ referral_id: o.onboarding.referral_id ?? '', advisor_id: o.onboarding.advisor_id }).toString()}`)}">Start your financial plan with ${e(fullName)}</a></p>`
    : '';

  const sections: string[] = [];
  if (page.meta.length)
    sections.push(
      `<section aria-labelledby="s-about"><h2 id="s-about">About</h2><dl class="about">${page.meta
        .map((m) => `<dt>${e(m.title)}</dt><dd>${e(m.value)}</dd>`)
        .join('')}</dl></section>`,
    );
  if (page.testimonials.length)
    sections.push(
      `<section aria-labelledby="s-testimonials"><h2 id="s-testimonials">Testimonials</h2><ul>${page.testimonials
        .map(
          (t) =>
            `<li class="card"><figure><blockquote>${e(t.content)}</blockquote><figcaption>${e(t.name)}${t.designation ? `, ${e(t.designation)}` : ''}</figcaption></figure></li>`,
        )
        .join('')}</ul></section>`,
    );
  if (page.reviews.length) {
    const avg = page.rating.average;
    const summary =
      avg != null
        ? `<p class="sum">${stars(avg)}<span>${avg.toFixed(1)} out of 5 from ${page.rating.count} ${page.rating.count === 1 ? 'review' : 'reviews'}</span></p>`
        : '';
    sections.push(
      `<section aria-labelledby="s-reviews"><h2 id="s-reviews">Reviews</h2>${summary}<ul>${page.reviews
        .map(
          (r) =>
            `<li class="card">${stars(r.rating)}<blockquote>${e(r.review)}</blockquote><p class="by">${e(r.name)}</p></li>`,
        )
        .join('')}</ul></section>`,
    );
  }
  if (page.lead_magnets.length)
    sections.push(
      `<section aria-labelledby="s-magnets"><h2 id="s-magnets">Free resources</h2><ul>${page.lead_magnets
        .map((m, i) => {
          const id = `m${i}`;
          return `<li class="card"><h3 id="${id}-t">${e(m.title)}</h3>${m.description ? `<p>${e(m.description)}</p>` : ''}<form data-magnet="${e(m.id)}" aria-labelledby="${id}-t"><label for="${id}-n">Name<input id="${id}-n" type="text" name="name" autocomplete="name" maxlength="100" required></label><label for="${id}-e">E-mail<input id="${id}-e" type="email" name="email" autocomplete="email" maxlength="254" required></label><label class="consent" for="${id}-c"><input id="${id}-c" type="checkbox" name="consent" value="yes" required>I agree that ${e(page.name)} may contact me about this file</label><button class="btn" type="submit">Download</button><p class="msg" role="status" aria-live="polite"></p></form></li>`;
        })
        .join('')}</ul></section>`,
    );

  return `<!doctype html>
<html lang="en">
<head>
${head}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><div class="in"><a class="brand" href="/">Kinfolio</a><nav aria-label="Customers"><a href="/customer/auth/login">Customer sign in</a></nav></div></header>
<main id="main">
<section class="hero" aria-labelledby="advisor-name"><div class="in">${photo}<div><h1 id="advisor-name">${e(page.name)}</h1>${page.designation?.trim() ? `<p class="desig">${e(page.designation)}</p>` : ''}<dl>${contact}</dl>${onboarding}</div></div></section>
${sections.length ? `<div class="in body">${sections.join('\n')}</div>` : ''}
</main>
<footer><span>© Kinfolio · Fintech Advisory for Singapore and Malaysia</span> <a href="/customer/auth/login">Customer sign in</a></footer>
${page.lead_magnets.length ? `<script>${PUBLIC_PAGE_SCRIPT}</script>` : ''}
</body>
</html>`;
}

/** The page of a sub-domain without an advisor: a real 404 (spec: unknown usernames get a 404 page). */
export function renderNotFoundPage(host: string, home: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · Kinfolio</title>
<meta name="description" content="There is no advisor page at this address.">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<style>body{font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1d2b2b}h1{color:#10302f}a{color:#17605d}</style>
</head>
<body>
<main>
<h1>Page not found</h1>
<p>There is no advisor page at ${e(host)}. Check the link you were given, or ask your advisor for it again.</p>
<p><a href="${e(home)}">Go to Kinfolio</a></p>
</main>
</body>
</html>`;
}

/** A rendered page, kept with its gzipped copy. */
export interface RenderedPage {
  status: 200 | 404;
  html: string;
  gzip: Buffer;
  /** Whether the page carries the inline script (its hash must be allowed by the CSP). */
  script: boolean;
}

/**
 * ttlMs: how long a rendered page (or a 404) is reused, 5 s: the advisor's edits show within this time;
 * failureTtlMs: how long a failed look-up is remembered (the SPA is served meanwhile), 2 s.
 */
export interface PublicPagesOptions extends TenantLookupOptions {
  /** PUBLIC_URL: links and og tags are made on `{tenant}.{its host}`. */
  publicUrl: string;
}

/**
 * The public pages, rendered from svc-auth's `GET /api/v1/advisor/public` (and its internal on-boarding ids) with
 * signed internal headers carrying the tenant, as the og tags of AdvisorDirectory are. Each sub-domain's page is
 * rendered once and reused for `ttlMs` (5 s): no invalidation message, the TTL bounds how stale a page can be.
 * Concurrent requests share one look-up. Never throws: null when svc-auth is down or answers oddly.
 */
export class PublicPages {
  private readonly lookup: TenantLookup<RenderedPage>;
  private readonly base: URL;

  constructor(private readonly o: PublicPagesOptions) {
    this.lookup = new TenantLookup(o, { ttlMs: 5_000, failureTtlMs: 2_000 }, async (tenant, correlationId) => {
      const page = await this.render(tenant, correlationId);
      return { value: page, failed: page === null };
    });
    this.base = new URL(o.publicUrl);
  }

  /** `{protocol}//{tenant}.{public host}` */
  originOf(tenant: string): string {
    return `${this.base.protocol}//${tenant}.${this.base.host}`;
  }

  get(tenant: string, correlationId: string): Promise<RenderedPage | null> {
    return this.lookup.get(tenant, correlationId);
  }

  private call(path: string, tenant: string, correlationId: string) {
    return this.lookup.callAuth(path, tenant, correlationId);
  }

  private async render(tenant: string, correlationId: string): Promise<RenderedPage | null> {
    try {
      const [pageRes, idsRes] = await Promise.all([
        this.call('/api/v1/advisor/public', tenant, correlationId),
        this.call('/internal/advisor-public/onboarding', tenant, correlationId).catch(() => null),
      ]);
      const origin = this.originOf(tenant);
      if (pageRes.status === 404) {
        const html = renderNotFoundPage(`${tenant}.${this.base.host}`, `${this.base.protocol}//${this.base.host}/`);
        return { status: 404, html, gzip: gzipSync(html), script: false };
      }
      const parsed =
        pageRes.status === 200 ? PublicPageData.safeParse((pageRes.body as { data?: unknown } | null)?.data) : null;
      if (!parsed?.success) {
        this.o.logger.warn({ status: pageRes.status, tenant }, 'advisor/public answered in an unexpected way');
        return null;
      }
      const ids =
        idsRes?.status === 200 ? OnboardingIds.safeParse((idsRes.body as { data?: unknown } | null)?.data) : null;
      const html = renderPublicPage(parsed.data, { origin, onboarding: ids?.success ? ids.data : null });
      return { status: 200, html, gzip: gzipSync(html, { level: 9 }), script: parsed.data.lead_magnets.length > 0 };
    } catch (err) {
      this.o.logger.warn({ err, tenant }, 'svc-auth unreachable for the advisor public page');
      return null;
    }
  }
}
