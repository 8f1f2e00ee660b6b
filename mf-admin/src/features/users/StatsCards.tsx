import styled from 'styled-components';
import type { UsersStats } from './api';

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 12px;
  margin: 0 0 24px;
`;

const Card = styled.div`
  padding: 14px 16px;
  border: 1px solid #e2e8f0;
  border-radius: 8px;
  background: #fff;
  dt {
    font-size: 0.85rem;
    color: #4a5568;
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.5rem;
    font-weight: 600;
    color: #1a202c;
  }
`;

const Bone = styled.span`
  display: inline-block;
  width: 48px;
  height: 1.2em;
  border-radius: 4px;
  background: #edf2f7;
`;

export const STAT_CARDS: ReadonlyArray<{ key: keyof UsersStats; label: string }> = [
  { key: 'total', label: 'Total users' },
  { key: 'active', label: 'Active' },
  { key: 'deactivated', label: 'Deactivated' },
  { key: 'advisors', label: 'Advisors' },
  { key: 'customers', label: 'Customers' },
  { key: 'admins', label: 'Admins' },
  { key: 'on_trial', label: 'On trial' },
];

/** The users-stats cards; placeholders while loading, nothing when the call failed (the list shows its own error). */
export function StatsCards({ stats, loading }: { stats: UsersStats | null; loading: boolean }) {
  if (!stats && !loading) return null;
  return (
    <Grid aria-label="User statistics" aria-busy={loading && !stats}>
      {STAT_CARDS.map((c) => (
        <Card key={c.key}>
          <dt>{c.label}</dt>
          <dd>{stats ? stats[c.key].toLocaleString('en-SG') : <Bone aria-hidden="true" />}</dd>
        </Card>
      ))}
    </Grid>
  );
}
