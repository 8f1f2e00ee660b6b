/** The advisor's invitation link: {protocol}//{username}.{host} (spec §1, §2.6). */
export function invitationLink(username: string, loc: { protocol: string; host: string } = window.location): string {
  const host = loc.host.replace(/^www\./, '');
  return `${loc.protocol}//${username}.${host}`;
}

type Place = { protocol: string; host: string };
let configured: Place | null = null;
/**
 * Where the product is published (the gateway's PUBLIC_URL, from /public-url.json), so an invitation link never
 * carries the address the advisor happened to open the app on (an IP address, say: issue 15). The page's own address
 * only when the gateway cannot be asked.
 */
export async function publicPlace(): Promise<Place> {
  if (configured) return configured;
  try {
    const r = await fetch('/public-url.json', { credentials: 'omit' });
    if (r.ok) {
      const u = new URL(((await r.json()) as { public_url: string }).public_url);
      configured = { protocol: u.protocol, host: u.host };
      return configured;
    }
  } catch {
    // no gateway to ask (tests, a file opened locally): the page's address
  }
  return window.location;
}

/** The invitation link on the configured public host. */
export async function invitationLinkFor(username: string): Promise<string> {
  return invitationLink(username, await publicPlace());
}

/** Sub-domains that never name a tenant (spec §1). */
const NOT_TENANTS = new Set(['www', 'dev', 'localhost']);

/**
 * The advisor username a host may name (spec §1): the first label of `{username}.{host}` (three labels or more, or
 * `{username}.localhost`); the bare host, www, dev, localhost and IP addresses name none. The browser does not know
 * the public host, so this only says whether asking `advisor/public` makes sense: the gateway decides the tenant.
 */
export function tenantOf(hostname: string): string | undefined {
  const name = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!name || name.startsWith('[') || /^\d+(\.\d+){3}$/.test(name)) return undefined;
  const labels = name.split('.');
  const isTenantHost = labels.length >= 3 || (labels.length === 2 && labels[1] === 'localhost');
  const label = labels[0] ?? '';
  if (!isTenantHost || NOT_TENANTS.has(label) || !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))
    return undefined;
  return label;
}

/** Copies text; falls back to a hidden text area where the Clipboard API is unavailable (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}
