/** Sub-domains that never name a tenant (spec platform-shell §1). */
const RESERVED = new Set(['www', 'dev', 'localhost']);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const NAME_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** RFC 1123 host name (or IPv4 address) with an optional trailing dot, or an IPv6 literal; then an optional :port. */
const HOST = new RegExp(`^(?:${NAME_LABEL}(?:\\.${NAME_LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/**
 * Whether a Host header is a host name and an optional port, nothing else: `jane.localhost:8080@evil.example`,
 * `a b`, `x/y` or an empty name are not (issue 30 item 8). The gateway answers such a request 400.
 */
export function validHost(host: string): boolean {
  if (host.length > 260) return false;
  const m = HOST.exec(host.trim());
  if (!m) return false;
  const port = m[1];
  return port === undefined || Number(port) <= 65535;
}

function hostname(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h; // IPv6 literal: never a tenant
  const colon = h.lastIndexOf(':');
  return (colon >= 0 ? h.slice(0, colon) : h).replace(/\.$/, '');
}

/**
 * The tenant (advisor username) named by the request's Host, relative to the public host of PUBLIC_URL:
 * `jane.kinfolio.app` → 'jane' when PUBLIC_URL is http://kinfolio.app. In development `jane.localhost:8080`
 * works too. The bare host, `www`, `dev`, `localhost`, IP addresses, deeper names (`a.b.kinfolio.app`) and
 * foreign hosts are no tenant, and neither is a Host that is not a host name and an optional port (validHost).
 */
export function tenantFromHost(host: string | undefined, publicUrl: string): string | undefined {
  if (!host || !validHost(host)) return undefined;
  const name = hostname(host);
  if (!name || name.startsWith('[') || /^\d+(\.\d+){3}$/.test(name)) return undefined;
  let base: string;
  try {
    base = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  let label: string | undefined;
  for (const suffix of new Set([base, 'localhost'])) {
    if (name.endsWith(`.${suffix}`)) {
      label = name.slice(0, -(suffix.length + 1));
      break;
    }
  }
  if (!label || label.includes('.') || RESERVED.has(label) || !LABEL.test(label)) return undefined;
  return label;
}
