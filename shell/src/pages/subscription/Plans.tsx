import type { billing } from '@kinfolio/contracts';
import { AMOUNT_DECIMALS, round2 } from '@kinfolio/money';
import { api, errorMessage } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

type Plan = Pick<billing.MembershipPlan, 'id' | 'name' | 'interval' | 'price_sgd' | 'price_rm' | 'features' | 'active'>;
type Currency = billing.Currency;

const Box = styled.section`
  margin: 20px 0 8px;
  h2 { font-size: 18px; margin: 0 0 10px; color: #10302f; }
  fieldset { border: 0; padding: 0; margin: 0 0 14px; display: flex; flex-wrap: wrap; gap: 8px 18px; }
  legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
  fieldset label { display: inline-flex; align-items: center; gap: 6px; cursor: pointer; }
  ul.kf-plans { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 12px; }
  ul.kf-plans > li { border: 1px solid #d8e4e4; border-radius: 12px; padding: 16px; display: flex; flex-direction: column; gap: 6px; }
  h3 { margin: 0; font-size: 17px; color: #1f6f6c; }
  .kf-price { font-size: 20px; font-weight: 700; color: #10302f; }
  ul.kf-features { margin: 4px 0 8px; padding-left: 18px; color: #3c4747; }
  .kf-choose { margin-top: auto; align-self: flex-start; background: #1f6f6c; color: #fff; padding: 8px 16px; border-radius: 8px; font-weight: 700; text-decoration: none; }
  .kf-choose:focus-visible { outline: 2px solid #2c7a7b; outline-offset: 2px; }
  .kf-bone { height: 120px; border-radius: 12px; background: #e3eaea; }
  .kf-error { color: #a32b2b; }
`;

/** Minor units as 'SGD 49.00' (2 decimals, ms-MY grouping as elsewhere, spec §9). */
export function formatPlanPrice(minor: number, currency: string): string {
  const n = new Intl.NumberFormat('ms-MY', {
    minimumFractionDigits: AMOUNT_DECIMALS,
    maximumFractionDigits: AMOUNT_DECIMALS,
  }).format(round2(minor / 100));
  return `${currency} ${n}`;
}

/**
 * The plans on offer (`membership-plans`, public) with a currency switch. For a signed-in advisor each plan leads
 * to subscribing on 'Subscription & Settings' (card form or a saved card) with the plan and currency chosen here.
 */
export function Plans({ chooseFor }: { chooseFor: 'advisor' | null }) {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [currency, setCurrency] = useState<Currency>('SGD');

  useEffect(() => {
    const ctrl = new AbortController();
    api.get<Plan[]>('membership-plans', { signal: ctrl.signal, catalogue: false }).then(
      (list) => !ctrl.signal.aborted && setPlans((Array.isArray(list) ? list : []).filter((p) => p.active)),
      (e: unknown) => !ctrl.signal.aborted && setError(errorMessage(e)),
    );
    return () => ctrl.abort();
  }, []);

  return (
    <Box aria-labelledby="plans-title">
      <h2 id="plans-title">Plans</h2>
      <fieldset>
        <legend>Currency</legend>
        {(['SGD', 'RM'] as const).map((c) => (
          <label key={c}>
            <input type="radio" name="plan-currency" checked={currency === c} onChange={() => setCurrency(c)} />
            {c}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="kf-error" role="alert">
          {error}
        </p>
      ) : plans === null ? (
        <div className="kf-bone" role="status" aria-busy="true">
          <span className="kf-visually-hidden">Loading plans</span>
        </div>
      ) : plans.length === 0 ? (
        <p>No plans are on offer right now.</p>
      ) : (
        <ul className="kf-plans">
          {plans.map((p) => (
            <li key={p.id}>
              <h3>{p.name}</h3>
              <span className="kf-price">
                {formatPlanPrice(currency === 'SGD' ? p.price_sgd : p.price_rm, currency)}{' '}
                {p.interval === 'yearly' ? 'per year' : 'per month'}
              </span>
              {p.features.length ? (
                <ul className="kf-features">
                  {p.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
              {chooseFor === 'advisor' ? (
                <Link
                  className="kf-choose"
                  aria-label={`Choose ${p.name}`}
                  to={`/advisor/account-settings/my-subscription?plan=${encodeURIComponent(p.id)}&currency=${currency}#choose-plan`}
                >
                  Choose plan
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}
