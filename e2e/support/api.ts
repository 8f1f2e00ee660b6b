/** A tiny API client for system tests: keeps the session cookie like a browser and sends the spec's headers. */
export class ApiClient {
  private cookie = '';

  constructor(readonly base: string) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    type = 'advisor',
  ): Promise<{ status: number; body: any; ms: number }> {
    const started = performance.now();
    const res = await fetch(`${this.base}/api/v1/${path}`, {
      method,
      headers: {
        'x-requested-with': 'kinfolio',
        'authorization-type': type,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      const m = /kf_session=([^;]*)/.exec(set);
      if (m) this.cookie = m[1] ? `kf_session=${m[1]}` : '';
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // keep text
    }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  }

  /** The newest 6-digit code sent to `to` by e-mail or SMS (the offline outbox of the test deployment). */
  async code(kind: 'mail' | 'sms', to: string): Promise<string> {
    const res = await fetch(`${this.base}/dev/mailbox.json?kind=${kind}&to=${encodeURIComponent(to)}`);
    const json = (await res.json()) as { data?: Array<{ text: string }> } | Array<{ text: string }>;
    const items = Array.isArray(json) ? json : (json.data ?? []);
    const m = items.length ? /\b(\d{6})\b/.exec(items[0]!.text) : null;
    if (!m?.[1]) throw new Error(`no ${kind} code for ${to}`);
    return m[1];
  }
}

export function newAdvisor(tag: string) {
  return {
    name: 'Tan Wei Ling',
    email: `adv.${tag}.${Date.now()}@example.com`,
    password: 'Harbour-Lights-2042',
    contact_number: `9${Math.floor(1e6 + Math.random() * 8e6)}`,
    country_code: '+65',
    gender: 'female',
  };
}

/** Signs up an advisor, verifies both codes from the outbox, and signs in. */
export async function signUpAndSignIn(api: ApiClient, tag: string) {
  const advisor = newAdvisor(tag);
  const reg = await api.call('POST', 'register', advisor);
  if (reg.status >= 300) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const emailCode = await eventuallyCode(api, 'mail', advisor.email);
  const smsCode = await eventuallyCode(api, 'sms', `${advisor.country_code}${advisor.contact_number}`);
  const v1 = await api.call('POST', 'auth/verify-otp', { email: advisor.email, otp: emailCode });
  const v2 = await api.call('POST', 'auth/verify-mobile-otp', { email: advisor.email, contact_otp: smsCode });
  if (v1.status >= 300 || v2.status >= 300) throw new Error(`verify: ${JSON.stringify([v1.body, v2.body])}`);
  const login = await api.call('POST', 'auth/login', { email: advisor.email, password: advisor.password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    advisor,
    user: login.body.data.user as { id: string; membership_status: string; trial_ends_at: string | null },
  };
}

async function eventuallyCode(api: ApiClient, kind: 'mail' | 'sms', to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    try {
      return await api.code(kind, to);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return api.code(kind, to);
}
