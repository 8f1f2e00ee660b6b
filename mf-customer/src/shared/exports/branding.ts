import { api } from '@kinfolio/ui-kit';

/** Who an export is from, as the caller's screen knows it (contracts ExportBranding). */
export interface Branding {
  advisor_name: string;
  designation?: string;
}

let advisorOfHost: Promise<Branding | null> | null = null;
/**
 * A customer's exports carry their advisor's name: the advisor of the host's sub-domain (`advisor/public`, the one
 * the customer signed in under), asked once per page; none when the host names no advisor.
 */
function customersAdvisor(): Promise<Branding | null> {
  advisorOfHost ??= api
    .get<{ name?: string; designation?: string | null } | null>('advisor/public', { catalogue: false })
    .then(
      (a) => (a?.name ? { advisor_name: a.name, ...(a.designation ? { designation: a.designation } : {}) } : null),
      () => null,
    );
  return advisorOfHost;
}

/**
 * The branding an export sends (the server prefers its own copy of the advisor's profile): an advisor's own name and
 * designation from the session, a customer's advisor from the host. Shared by the tab exports and the client plan.
 */
export async function exportBranding(
  user: { type?: string; name?: string | null; designation?: string | null } | null | undefined,
): Promise<Branding | null> {
  if (user?.type === 'advisor')
    return user.name
      ? { advisor_name: user.name, ...(user.designation ? { designation: user.designation } : {}) }
      : null;
  return customersAdvisor();
}
