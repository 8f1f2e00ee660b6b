import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inertForms } from './inert';
import { injectPage, PRERENDERED_PATHS, prerenderedFile, renderPage } from './prerender';

const template = readFileSync(join(__dirname, 'index.html'), 'utf8').replace(
  '</body>',
  '<script defer src="/main.js"></script></body>',
);

describe('the sign-in pages as HTML (issue 30)', () => {
  it('renders the login form with its fields, button and CSS, signed out', () => {
    const { html, styles } = renderPage('/auth/login');
    expect(html).toMatch(/<form[^>]*aria-label="Sign in"/);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(
      /<input[^>]*name="password"[^>]*type="password"|<input[^>]*type="password"[^>]*name="password"/,
    );
    expect(html).toMatch(/<button type="submit"[^>]*>Sign In<\/button>/);
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain('data-layout="public"'); // the dark public header around it
    // the styles of every class the markup uses are in the style tags
    expect(styles).toMatch(/^<style data-kf-prerendered="">/);
    const classes = [...html.matchAll(/class="([^"]+)"/g)]
      .flatMap((m) => m[1]!.split(' '))
      .filter((c) => !/^(sc-|kf-)/.test(c));
    expect(classes.length).toBeGreaterThan(3);
    for (const c of classes) expect([c, styles.includes(`.${c}{`) || styles.includes(`.${c} `)]).toEqual([c, true]);
  });

  it.each(PRERENDERED_PATHS.map((p) => [p]))('%s renders a heading and a form', (path) => {
    const { html } = renderPage(path);
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toMatch(/<form /);
    expect(html).not.toContain('Page not found');
  });

  it('puts the markup in #root and the styles in <head>, before any script', () => {
    const page = renderPage('/customer/auth/login');
    const out = injectPage(template, '/customer/auth/login', page);
    const form = out.indexOf('<form');
    const style = out.indexOf('<style data-kf-prerendered');
    expect(form).toBeGreaterThan(0);
    expect(style).toBeGreaterThan(0);
    expect(style).toBeLessThan(out.indexOf('</head>'));
    expect(form).toBeLessThan(out.indexOf('<script'));
    expect(out).toContain('<div id="root" class="kf-boot" data-prerendered="/customer/auth/login">');
    expect(out).not.toContain('kf-splash"><i></i>Kinfolio</div>'); // the splash is replaced, not kept beside
    expect(out).toContain('Customer sign in');
    // the app's chunks are fetched at low priority: the page is drawn already
    const withPreload = injectPage(
      template.replace('</head>', '<link rel="preload" as="script" href="/1.js"></head>'),
      '/auth/login',
      page,
    );
    expect(withPreload).toContain('<link rel="preload" as="script" fetchpriority="low" href="/1.js">');
  });

  it('keeps the forms from submitting themselves before the script takes over (no password in the address)', () => {
    const out = inertForms(renderPage('/auth/login').html);
    expect(out).toMatch(/<form data-kf-inert="" method="post" /);
    expect(out).toMatch(/<button type="submit" data-kf-inert="" disabled=""/);
    expect(out).not.toMatch(/<input(?![^>]*readonly="")[\s>/]/); // no field takes typing before the app owns it
    expect(out).not.toMatch(/<form(?![^>]*method="post")[\s>]/);
  });

  it('names a file per path under the dist folder', () => {
    expect(prerenderedFile('/auth/login')).toBe('auth/login.html');
    expect(prerenderedFile('/customer/auth/create-password')).toBe('customer/auth/create-password.html');
  });
});
