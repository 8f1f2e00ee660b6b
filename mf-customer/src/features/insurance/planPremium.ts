import { errorMessage } from '@kinfolio/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { insuranceApi, type PlanPremium } from '../../shared/household/api';
import type { FormValues } from './model';

const FREQUENCIES = new Set(['monthly', 'quarterly', 'semi_annual', 'annual', 'single']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const amount2 = new Intl.NumberFormat('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the premium field says of a looked-up premium: where it comes from, or why there is none. */
export function premiumNote(p: PlanPremium): string {
  if (p.message) return p.message;
  const who = `${p.gender === 'female' ? 'woman' : 'man'} aged ${p.age}`;
  return `From the plan's premium table: ${who}, ${p.currency} ${amount2.format(p.annual_premium ?? 0)} a year.`;
}

/**
 * A reference plan's premium for the insured (issue 31 item 8): whenever the plan, the insured, the mode or the
 * policy date changes, the service looks the premium up in the admin's premium table (by the insured's age on the
 * policy date and gender) and `fill` puts it (and the plan's currency) in the form. A stored policy opened for editing,
 * or a resumed draft with a premium typed, keeps its premium until one of these changes. Returns the note shown beside the premium field.
 */
export function usePlanPremium(
  householdId: string,
  policy: FormValues | null,
  stored: boolean,
  fill: (premium: string, currency: string) => void,
): { note: string | null; loading: boolean } {
  const [state, setState] = useState<{ note: string | null; loading: boolean }>({ note: null, loading: false });
  const planId = policy?.plan_id ?? '';
  const member = policy?.member_id ?? '';
  const frequency = FREQUENCIES.has(policy?.frequency ?? '') ? (policy?.frequency as string) : 'annual';
  const date = DATE.test(policy?.policy_date ?? '') ? (policy?.policy_date as string) : undefined;
  const key = planId && planId !== 'custom' && member ? [planId, member, frequency, date ?? ''].join('|') : '';
  const first = useRef<string | null>(null);
  // a stored policy, or a resumed draft with a premium typed, keeps it until what the premium depends on changes
  const keepFirst = useRef(false);
  const typed = Boolean(policy?.premium);
  const loaded = policy !== null;
  const fillRef = useRef(fill);
  fillRef.current = fill;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `typed` is read once, with the first key
  useEffect(() => {
    if (!loaded) return;
    if (first.current === null) {
      first.current = key;
      keepFirst.current = stored || typed;
    }
    if (!key) {
      setState({ note: null, loading: false });
      return;
    }
    const ctrl = new AbortController();
    setState({ note: null, loading: true });
    insuranceApi
      .planPremium(
        planId,
        {
          lead_id: householdId,
          member_id: member,
          frequency: frequency as PlanPremium['frequency'],
          policy_date: date,
        },
        ctrl.signal,
      )
      .then(
        (p) => {
          if (ctrl.signal.aborted) return;
          setState({ note: premiumNote(p), loading: false });
          if (p.premium !== null && !(keepFirst.current && key === first.current))
            fillRef.current(String(p.premium), p.currency);
        },
        (err: unknown) => {
          if (ctrl.signal.aborted) return;
          setState({ note: `The plan's premium could not be looked up: ${errorMessage(err)}`, loading: false });
        },
      );
    return () => ctrl.abort();
  }, [loaded, key, householdId, planId, member, frequency, date, stored]);
  return state;
}
