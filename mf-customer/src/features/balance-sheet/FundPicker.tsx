import { Button, errorMessage, FormError, TextInput, theme } from '@kinfolio/ui-kit';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { balanceSheetApi, type InvestmentFund } from '../household/api';

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
const Line = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  flex-wrap: wrap;
  > div { flex: 1 1 240px; }
`;

/**
 * The fund list the admins keep (GET investment-funds?search=): search by name, then add a fund as a holding with
 * its name, currency and asset split filled in. A fund not in the list is added by hand with "Add holding".
 */
export function FundPicker({ onPick }: { onPick: (fund: InvestmentFund) => void }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<InvestmentFund[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      {found !== null && !busy ? (
        found.length === 0 ? (
          <p role="status">No fund in the list matches. Add a holding below and type its name.</p>
        ) : (
          <Results aria-label="Funds found">
            {found.map((f) => (
              <li key={f.id}>
                <span>
                  {f.name} <small>({[f.company, f.currency, f.risk_level].filter(Boolean).join(', ')})</small>
                </span>
                <Button variant="link" onClick={() => onPick(f)} aria-label={`Add ${f.name} as a holding`}>
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
