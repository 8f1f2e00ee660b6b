import { api, errorMessage, Table, theme, useSession } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Bone, Card, Empty, Notice, Page } from '../../components/ui';
import { formatDate, kindLabel, type MembershipRecord, statusLabel, summarise } from './membership';

const Big = styled.p`
  margin: 0 0 4px;
  font-size: 1.25rem;
  font-weight: 600;
`;
const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
`;
const CtaLink = styled(Link)`
  display: inline-block;
  margin-top: 12px;
  padding: 8px 16px;
  border-radius: 6px;
  background: ${theme.colors.primaryDark};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  &:focus-visible {
    outline: 2px solid #2c7a7b;
    outline-offset: 2px;
  }
`;

function useMembership(userId: string | undefined) {
  const [state, setState] = useState<{ loading: boolean; records: MembershipRecord[]; error: string | null }>({
    loading: true,
    records: [],
    error: null,
  });
  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    setState({ loading: true, records: [], error: null });
    api.get<MembershipRecord[]>(`membership/${encodeURIComponent(userId)}`, undefined, { signal: ctrl.signal }).then(
      (records) =>
        !ctrl.signal.aborted &&
        setState({ loading: false, records: Array.isArray(records) ? records : [], error: null }),
      (e: unknown) => !ctrl.signal.aborted && setState({ loading: false, records: [], error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [userId]);
  return state;
}

function daysText(n: number): string {
  return n === 1 ? '1 day left' : `${n} days left`;
}

/** Account Settings: 'Subscription & Settings' (current membership, days left) or 'Billing History' (all records). */
export function MembershipPage({ view }: { view: 'subscription' | 'history' }) {
  const { user } = useSession();
  const { loading, records, error } = useMembership(user?.id);
  const title = view === 'subscription' ? 'Subscription & Settings' : 'Billing History';
  const summary = summarise(records);

  return (
    <Page>
      <h1>{title}</h1>
      <p className="lead">
        {view === 'subscription'
          ? 'Your membership and how long it runs.'
          : 'Every trial and subscription period on your account.'}
      </p>
      {loading || !user ? (
        <Card aria-busy="true" data-testid="membership-skeleton">
          <Bone $w="40%" $h="22px" />
          <Bone $w="25%" />
        </Card>
      ) : error ? (
        <Notice $ok={false} role="alert">
          {error}
        </Notice>
      ) : view === 'subscription' ? (
        <Card aria-label="Current membership">
          <h2>Membership</h2>
          {summary.activated && summary.current ? (
            <>
              <Big>
                {kindLabel(summary.current.kind)}: {statusLabel(summary.current.status)}
              </Big>
              {summary.daysLeft !== null ? (
                <Muted>
                  {daysText(summary.daysLeft)} · ends on {formatDate(summary.current.ends_at)}
                </Muted>
              ) : (
                <Muted>No end date.</Muted>
              )}
              {summary.current.kind === 'trial' ? <CtaLink to="/subscription">Choose a plan</CtaLink> : null}
            </>
          ) : (
            <>
              <Big>No active membership</Big>
              <Muted>
                {records.length > 0
                  ? 'Your trial or subscription has ended. Choose a plan to keep using Kinfolio.'
                  : 'Your free trial has not started yet.'}
              </Muted>
              <CtaLink to="/subscription">Choose a plan</CtaLink>
            </>
          )}
        </Card>
      ) : records.length === 0 ? (
        <Empty title="No billing history yet">Trials and subscription periods appear here.</Empty>
      ) : (
        <Card aria-label="Billing history">
          <Table>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
              </tr>
            </thead>
            <tbody>
              {[...records]
                .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at))
                .map((r, i) => (
                  <tr key={r.id ?? `${r.kind}-${r.starts_at}-${i}`}>
                    <td>{kindLabel(r.kind)}</td>
                    <td>{statusLabel(r.status)}</td>
                    <td>{formatDate(r.starts_at)}</td>
                    <td>{formatDate(r.ends_at)}</td>
                  </tr>
                ))}
            </tbody>
          </Table>
        </Card>
      )}
    </Page>
  );
}
