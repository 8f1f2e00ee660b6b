import type { auth } from '@kinfolio/contracts';

/** What the dashboard top bar shows (spec §2.8: avatar by gender, name (default 'Lead profile'), 'Age: {n}'). */
export interface LeadInfo {
  name: string;
  gender: 'male' | 'female';
  age: number | null;
  profile_image: string | null;
}

export const DEFAULT_LEAD_NAME = 'Lead profile';
export const DEFAULT_LEAD: LeadInfo = { name: DEFAULT_LEAD_NAME, gender: 'male', age: null, profile_image: null };

function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}
function gender(v: unknown): 'male' | 'female' {
  return v === 'female' ? 'female' : 'male';
}
function age(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n < 200 ? Math.floor(n) : null;
}

/**
 * The lead's own profile from a single-lead reply: the earning member with relation 'me' (spec §3 Lead), else the
 * lead record's own fields; anything missing falls back to the defaults.
 */
export function leadInfoFrom(data: unknown): LeadInfo {
  const lead = asRecord(data);
  if (!lead) return DEFAULT_LEAD;
  const members = Array.isArray(lead.members)
    ? lead.members
    : Array.isArray(lead.EarningMembers)
      ? lead.EarningMembers
      : [];
  const me = members.map(asRecord).find((m) => m?.relation === 'me') ?? null;
  const src = me ?? lead;
  return {
    name: str(src.name) ?? str(lead.name) ?? DEFAULT_LEAD_NAME,
    gender: gender(src.gender ?? lead.gender),
    age: age(src.age ?? lead.age),
    profile_image: str(lead.profile_image),
  };
}

/** A signed-in customer's own record. */
export function leadInfoFromUser(user: Pick<auth.User, 'name' | 'gender' | 'profile_image'>): LeadInfo {
  return {
    name: str(user.name) ?? DEFAULT_LEAD_NAME,
    gender: gender(user.gender),
    age: null,
    profile_image: user.profile_image,
  };
}

export function ageText(info: LeadInfo): string {
  return `Age: ${info.age ?? '-'}`;
}
