import type { RecordIssue } from '@kinfolio/contracts';
import styled from 'styled-components';

/**
 * Issue 30 item 2: the stored records the figures leave out (an impossible date stored before dates were checked,
 * or any value the service now refuses), named so the advisor can open the record and fix it. The rest of the
 * household's figures still show below.
 */
const Banner = styled.section`
  background: #fff8e1;
  border: 1px solid #f0b429;
  border-left: 6px solid #b7791f;
  border-radius: 8px;
  padding: 12px 16px;
  margin-bottom: 16px;
  color: #513c06;
  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: 20px;
  }
`;

/** 'debt-mortgage-rental-income' → 'Debt mortgage rental income'. */
export const kindLabel = (kind: string) => {
  const words = kind.replace(/[/_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function RecordIssues({ issues }: { issues: RecordIssue[] | undefined }) {
  if (!issues?.length) return null;
  const n = issues.length;
  return (
    <Banner role="alert" aria-label="Records left out of these figures">
      <h3>{n === 1 ? 'One record is' : `${n} records are`} left out of these figures until edited</h3>
      <ul>
        {issues.map((i) => (
          <li key={`${i.kind}|${i.id}|${i.field}`}>
            <strong>{kindLabel(i.kind)}</strong> record {i.id}, field <code>{i.field}</code>: {i.message}
          </li>
        ))}
      </ul>
    </Banner>
  );
}
