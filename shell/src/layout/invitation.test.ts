/** @jest-environment jsdom */
/**
 * The invitation link uses the configured public host (the gateway's PUBLIC_URL), never the address the app happens
 * to be open on (issue 15), and the page's own address only when the gateway cannot be asked.
 */
describe('invitation link', () => {
  const load = () => {
    let mod: typeof import('./invitation') | undefined;
    jest.isolateModules(() => {
      mod = require('./invitation');
    });
    return mod as typeof import('./invitation');
  };
  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('is made on the public host the gateway names, asked once', async () => {
    const fetch = jest.fn(async () => ({ ok: true, json: async () => ({ public_url: 'https://kinfolio.app' }) }));
    (globalThis as { fetch?: unknown }).fetch = fetch;
    const { invitationLinkFor } = load();
    expect(await invitationLinkFor('ada-lee')).toBe('https://ada-lee.kinfolio.app');
    expect(await invitationLinkFor('ben')).toBe('https://ben.kinfolio.app');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/public-url.json', { credentials: 'omit' });
  });

  it("falls back to the page's address when the gateway cannot be asked", async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
      throw new Error('offline');
    });
    const { invitationLinkFor } = load();
    expect(await invitationLinkFor('ada-lee')).toBe(`${location.protocol}//ada-lee.${location.host}`);
  });
});
