import type { Explanation, ExplanationPart, ExplanationRecord } from '@kinfolio/contracts/src/explanation-node';
import { api, errorMessage, Skeleton, theme } from '@kinfolio/ui-kit';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ExplainRequest } from './context';
import { formatExplained, reportCurrency, screenName, screenPath } from './format';

/** The reply of GET customer/{id}/financial-report/explain (contracts ExplanationReply; a type: no zod here). */
interface Reply {
  customer_id: string;
  currency: string;
  as_of: string;
  explanation: Explanation;
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(16, 48, 47, 0.45);
  z-index: 1000;
  display: flex;
  justify-content: flex-end;
`;
/** A sheet at the right of a wide screen; the whole width of a phone's. */
const Sheet = styled.div`
  background: #fff;
  color: ${theme.colors.text};
  font-size: 16px;
  line-height: 1.5;
  text-align: left;
  width: 100%;
  max-width: 520px;
  height: 100%;
  overflow-y: auto;
  /* room at the end to scroll the last part clear of the help button (bottom right, above every layer) */
  padding: 16px 20px 96px;
  box-shadow: ${theme.shadow};
  overflow-wrap: anywhere;
  @media (max-width: 600px) {
    max-width: none;
    padding: 12px 16px 96px;
  }
  header {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: 12px;
  }
  .kicker {
    margin: 0;
    font-size: 0.85rem;
    color: ${theme.colors.muted};
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h2:focus {
    outline: none;
  }
  h2:focus-visible {
    outline: 2px solid ${theme.colors.primaryDark};
  }
  h3 {
    font-size: 1rem;
    margin: 20px 0 6px;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: 0 0 6px;
  }
`;
const Close = styled.button`
  border: 0;
  background: transparent;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  color: ${theme.colors.muted};
  padding: 4px 10px;
  min-width: 44px;
  min-height: 44px;
  border-radius: 6px;
  &:focus-visible {
    outline: 2px solid ${theme.colors.primaryDark};
  }
`;
const Crumbs = styled.nav`
  margin: 8px 0 12px;
  font-size: 0.9rem;
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li + li::before {
    content: '›';
    margin: 0 6px 0 2px;
    color: ${theme.colors.muted};
  }
  button {
    border: 0;
    background: none;
    padding: 2px 0;
    color: ${theme.colors.primaryDark};
    text-decoration: underline;
    cursor: pointer;
    font: inherit;
    min-height: 24px;
  }
`;
const Value = styled.p`
  margin: 4px 0 0;
  font-size: 1.5rem;
  font-weight: 700;
`;
const Rule = styled.p`
  margin: 12px 0 0;
  padding: 10px 12px;
  background: ${theme.colors.primarySoft};
  border-radius: 8px;
`;
const PartButton = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 12px;
  min-height: 44px;
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  background: #fff;
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.primarySoft};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.primaryDark};
    outline-offset: 2px;
  }
  span:last-child {
    font-weight: 600;
    white-space: nowrap;
  }
`;
const PartText = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 12px;
  border: 1px dashed ${theme.colors.border};
  border-radius: 8px;
  span:last-child {
    font-weight: 600;
    white-space: nowrap;
  }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
  }
`;
const Muted = styled.span`
  color: ${theme.colors.muted};
  font-size: 0.9rem;
`;
const Failure = styled.div`
  margin-top: 12px;
  padding: 12px;
  border-radius: 8px;
  background: ${theme.colors.dangerSoft};
  color: #8f1e18;
  p {
    margin: 0 0 8px;
  }
  button {
    font: inherit;
    padding: 6px 14px;
    border-radius: 6px;
    border: 1px solid #8f1e18;
    background: #fff;
    color: #8f1e18;
    cursor: pointer;
    min-height: 36px;
  }
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const KIND_TEXT: Record<Explanation['kind'], string> = {
  figure: '',
  record: 'A figure entered for the household.',
  table: 'A published rate.',
  assumption: 'An assumption of the plan.',
};

/** The words of a rule with its numbers formatted (money in the reply's currency). */
function RuleWords({ node, currency }: { node: Explanation; currency: string }) {
  return (
    <Rule data-testid="explain-rule">
      {node.rule.map((p, i) =>
        typeof p === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule's parts are positional
          <span key={i}>{p}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule's parts are positional
          <strong key={i}>{formatExplained(p.value, p.unit, currency)}</strong>
        ),
      )}
    </Rule>
  );
}

function partLine(p: ExplanationPart, currency: string, isSum: boolean) {
  const minus = isSum && p.sign < 0;
  return (
    <>
      <span>{minus ? `Less ${p.label.charAt(0).toLowerCase()}${p.label.slice(1)}` : p.label}</span>
      <span>
        {minus ? '− ' : ''}
        {formatExplained(p.value, p.unit, currency)}
      </span>
    </>
  );
}

function RecordLink({ r, base, onFollow }: { r: ExplanationRecord; base: string; onFollow: () => void }) {
  if (!r.screen) return <span>{r.label}</span>;
  return (
    <>
      <Link to={`${base}/${screenPath(r.screen)}`} onClick={onFollow}>
        {r.label}
      </Link>{' '}
      <Muted>(change it on {screenName(r.screen)})</Muted>
    </>
  );
}

type Loaded = { node: Explanation; currency: string };

/**
 * "How was this calculated?" (issue 34): a figure's explanation as a family reads it: its name and value, the rule
 * with its numbers, the records it came from (each a link to the screen that edits it), the rate table it read, and
 * its parts, each of which opens in turn (the trail at the top walks back up). A dialog: the focus moves in and
 * stays in, Escape closes, the figure that opened it gets the focus back.
 */
export default function ExplainPanel({
  request,
  customerId,
  base,
  onClose,
}: {
  request: ExplainRequest;
  customerId: string | null;
  base: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [trail, setTrail] = useState<Array<{ id: string; label: string }>>([
    { id: request.figure, label: request.label },
  ]);
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({});
  const [failed, setFailed] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const current = trail[trail.length - 1] as { id: string; label: string };
  const shown = loaded[current.id] ?? null;
  const error = failed[current.id] ?? null;

  // the figure's explanation: from the tree the reply carried, else from the service
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    if (loaded[current.id]) return;
    const id = current.id;
    if (request.tree) {
      const node = request.tree.nodes.find((n) => n.id === id);
      if (node) setLoaded((m) => ({ ...m, [id]: { node, currency: request.currency ?? '' } }));
      else setFailed((m) => ({ ...m, [id]: 'This figure is not explained further.' }));
      return;
    }
    if (!customerId) {
      setFailed((m) => ({ ...m, [id]: 'There is no household on screen.' }));
      return;
    }
    const ctrl = new AbortController();
    const cur = reportCurrency(request.currency);
    api
      .get<Reply>(`customer/${encodeURIComponent(customerId)}/financial-report/explain`, {
        query: { figure: id, ...(cur ? { currency: cur } : {}) },
        signal: ctrl.signal,
      })
      .then(
        (r) => {
          if (ctrl.signal.aborted) return;
          if (!r || typeof r !== 'object' || !r.explanation || !Array.isArray(r.explanation.parts))
            throw new Error('unreadable');
          setLoaded((m) => ({ ...m, [id]: { node: r.explanation, currency: r.currency } }));
        },
        (e: unknown) => {
          if (!ctrl.signal.aborted) setFailed((m) => ({ ...m, [id]: errorMessage(e) }));
        },
      )
      .catch(() => {
        if (!ctrl.signal.aborted) setFailed((m) => ({ ...m, [id]: 'The explanation could not be read.' }));
      });
    return () => ctrl.abort();
  }, [current.id, attempt, customerId, request]);

  // the focus moves in on opening and to the title after each step down or up
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step moves the focus to the new title
  useEffect(() => {
    heading.current?.focus();
  }, [trail.length]);

  const walk = useCallback((p: { id: string; label: string }) => setTrail((t) => [...t, p]), []);
  const back = (i: number) => setTrail((t) => t.slice(0, i + 1));
  const retry = () => {
    setFailed((m) => {
      const { [current.id]: _gone, ...rest } = m;
      return rest;
    });
    setAttempt((a) => a + 1);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !sheet.current) return;
    const items = Array.from(sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    const inside = items.includes(document.activeElement as HTMLElement);
    if (e.shiftKey && (document.activeElement === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };

  const node = shown?.node ?? null;
  const currency = shown?.currency ?? request.currency ?? '';
  const isSum = node?.formula.op === 'sum';
  return createPortal(
    <Backdrop
      data-testid="explain-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <Sheet ref={sheet} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <header>
          <div>
            <p className="kicker">How was this calculated?</p>
            <h2 id={titleId} ref={heading} tabIndex={-1}>
              {node?.label ?? current.label}
            </h2>
          </div>
          <Close type="button" aria-label="Close" onClick={onClose}>
            ×
          </Close>
        </header>
        {trail.length > 1 ? (
          <Crumbs aria-label="Steps of this figure">
            <ol>
              {trail.map((t, i) => {
                // the step's own name once loaded (the figure's name on the screen until then)
                const name = loaded[t.id]?.node.label ?? t.label;
                return (
                  <li key={t.id}>
                    {i < trail.length - 1 ? (
                      <button type="button" onClick={() => back(i)}>
                        {name}
                      </button>
                    ) : (
                      <span aria-current="step">{name}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </Crumbs>
        ) : null}
        {error ? (
          <Failure role="alert">
            <p>This explanation could not be loaded: {error}</p>
            {request.tree ? null : (
              <button type="button" onClick={retry}>
                Try again
              </button>
            )}
          </Failure>
        ) : !node ? (
          <Skeleton rows={5} label="Loading the explanation" />
        ) : (
          <>
            <Value data-testid="explain-value">
              {/* a fraction the screen shows as a percent (the probability of success) reads as the screen shows it */}
              {request.asPercent && node.id === request.figure && node.unit === 'factor'
                ? formatExplained(node.value * 100, 'percent', currency)
                : formatExplained(node.value, node.unit, currency)}
            </Value>
            {KIND_TEXT[node.kind] ? <Muted>{KIND_TEXT[node.kind]}</Muted> : null}
            {node.rule.length ? <RuleWords node={node} currency={currency} /> : null}
            {node.records.length ? (
              <section aria-labelledby={`${titleId}-rec`}>
                <h3 id={`${titleId}-rec`}>Where it comes from</h3>
                <ul>
                  {node.records.map((r) => (
                    <li key={`${r.kind}|${r.id}|${r.field ?? ''}`}>
                      <RecordLink r={r} base={base} onFollow={onClose} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {node.table ? (
              <section aria-labelledby={`${titleId}-tbl`}>
                <h3 id={`${titleId}-tbl`}>Rate table</h3>
                <Facts>
                  <dt>Table</dt>
                  <dd>{node.table.name}</dd>
                  <dt>Version</dt>
                  <dd>from {node.table.version}</dd>
                  <dt>Applied to</dt>
                  <dd>{node.table.year}</dd>
                  <dt>Source</dt>
                  <dd>{node.table.source}</dd>
                </Facts>
              </section>
            ) : null}
            {node.parts.length ? (
              <section aria-labelledby={`${titleId}-parts`}>
                <h3 id={`${titleId}-parts`}>Made of</h3>
                <ul>
                  {node.parts.map((p) => (
                    <li key={p.id}>
                      {p.explainable ? (
                        <PartButton type="button" data-part={p.id} onClick={() => walk({ id: p.id, label: p.label })}>
                          {partLine(p, currency, isSum)}
                        </PartButton>
                      ) : (
                        <PartText data-part={p.id}>{partLine(p, currency, isSum)}</PartText>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </Sheet>
    </Backdrop>,
    document.body,
  );
}
