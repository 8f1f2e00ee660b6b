/** @jest-environment jsdom */
import { canHydrate, inertForms, releaseInertForms } from './inert';

const markup =
  '<form noValidate="" aria-label="Sign in"><input name="email"/><input name="code" readonly=""/><button type="button">Show</button><button type="submit" class="b">Sign In</button></form>';

describe('the prerendered forms stay inert until the app owns them', () => {
  it('makes every form post, its fields read-only (nothing typed before hydration is wiped) and its submit button disabled, marked', () => {
    const out = inertForms(markup);
    expect(out).toBe(
      '<form data-kf-inert="" method="post" noValidate="" aria-label="Sign in"><input data-kf-inert="" readonly="" name="email"/><input name="code" readonly=""/><button type="button">Show</button><button type="submit" data-kf-inert="" disabled="" class="b">Sign In</button></form>',
    );
  });

  it('lifts exactly what it added, in the page', () => {
    document.body.innerHTML = `<div id="root">${inertForms(markup)}<form method="post" id="other"></form></div>`;
    const root = document.getElementById('root')!;
    const form = root.querySelector('form')!;
    expect([form.method, (root.querySelector('button[type=submit]') as HTMLButtonElement).disabled]).toEqual([
      'post',
      true,
    ]);
    expect((root.querySelector('input[name=email]') as HTMLInputElement).readOnly).toBe(true);
    releaseInertForms(root);
    expect(form.hasAttribute('method')).toBe(false);
    expect((root.querySelector('input[name=email]') as HTMLInputElement).readOnly).toBe(false);
    expect((root.querySelector('input[name=code]') as HTMLInputElement).readOnly).toBe(true); // read-only of its own
    expect((root.querySelector('button[type=submit]') as HTMLButtonElement).disabled).toBe(false);
    expect(root.querySelectorAll('[data-kf-inert]')).toHaveLength(0);
    expect(document.getElementById('other')!.getAttribute('method')).toBe('post'); // not one it made inert
  });

  it('hydrates only the path the markup was rendered for, without a query', () => {
    const root = document.createElement('div');
    root.dataset.prerendered = '/auth/login';
    expect(canHydrate(root, { pathname: '/auth/login', search: '' })).toBe(true);
    expect(canHydrate(root, { pathname: '/auth/login', search: '?verified=1' })).toBe(false);
    expect(canHydrate(root, { pathname: '/customer/auth/login', search: '' })).toBe(false);
    expect(canHydrate(document.createElement('div'), { pathname: '/auth/login', search: '' })).toBe(false);
  });
});
