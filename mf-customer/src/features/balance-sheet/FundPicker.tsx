import { Button, errorMessage, FormError, TextInput, theme } from '@kinfolio/ui-kit';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { balanceSheetApi, type InvestmentFund } from '../../shared/household/api';

const Results = styled.ul`
  list-style: none;
  padding: 0;
  margin: 8px 0 12px;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    align-items: center;
    padding: 6px 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  small { color: ${theme.colors.muted}; }
`;
const SampleTag = styled.span`
  margin-left: 8px;
  padding: 0 6px;
  border: 1px solid ${theme.colors.border};
  border-radius: 4px;
  font-size: 0.8rem;
`;
const Line = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  flex-wrap: wrap;
  > div { flex: 1 1 240px; }
`;

const price6 = new Intl.NumberFormat('en-SG', { maximumFractionDigits: 6 });
/** A listed fund's latest price with its date, as the picker shows it. */
export const fundPriceText = (f: InvestmentFund) =>
  f.price === null || f.price === undefined
    ? 'no price in the fund list'
    : `unit price ${f.currency} ${price6.format(f.price)}${f.price_date ? ` on ${f.price_date}` : ''}`;
/** What the picker says once a fund is added: its price (filled in) and the price's date, or that there is none. */
export const pickedText = (f: InvestmentFund) =>
  f.price === null || f.price === undefined
    ? `Added ${f.name}. The fund list has no price for it: type its unit price.`
    : `Added ${f.name} at the fund list's latest ${fundPriceText(f)}.`;

/**
 * The fund list the admins keep (GET investment-funds?search=): search by name, then add a fund as a holding with
 * its name, currency, asset split and latest unit price (with its date) filled in; the sample feed's made-up funds
 * say "Sample fund". A fund not in the list is added by hand with "Add holding".
 */
export function FundPicker({ onPick }: { onPick: (fund: InvestmentFund) => void }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<InvestmentFund[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const ctrl = useRef<AbortController | null>(null);

  const run = () => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setBusy(true);
    setError(null);
    balanceSheetApi.investmentFunds(search.trim(), c.signal).then(
      (rows) => {
        if (c.signal.aborted) return;
        setFound(Array.isArray(rows) ? rows : []);
        setBusy(false);
      },
      (e: unknown) => {
        if (c.signal.aborted) return;
        setError(errorMessage(e));
        setBusy(false);
      },
    );
  };
  // Enter searches (the editor's form is not submitted)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    run();
  };

  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId}>Add a fund from the fund list</h4>
      <Line onKeyDown={onKeyDown}>
        <TextInput
          label="Fund name"
          value={search}
          onChange={setSearch}
          optional
          hint="Part of the name; leave empty to list every fund"
        />
        <Button variant="secondary" onClick={run} loading={busy}>
          Search funds
        </Button>
      </Line>
      <FormError>{error}</FormError>
      {picked ? <p role="status">{picked}</p> : null}
      {found !== null && !busy ? (
        found.length === 0 ? (
          <p role="status">No fund in the list matches. Add a holding below and type its name.</p>
        ) : (
          <Results aria-label="Funds found">
            {found.map((f) => (
              <li key={f.id}>
                <span>
                  {f.name}
                  {f.sample ? <SampleTag>Sample fund</SampleTag> : null}{' '}
                  <small>
                    ({[f.company, f.currency, f.risk_level].filter(Boolean).join(', ')}; {fundPriceText(f)})
                  </small>
                </span>
                <Button
                  variant="link"
                  onClick={() => {
                    onPick(f);
                    setPicked(pickedText(f));
                  }}
                  aria-label={`Add ${f.name} as a holding`}
                >
                  Add as a holding
                </Button>
              </li>
            ))}
          </Results>
        )
      ) : null}
    </section>
  );
}
