import { theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  padding: 0;
  margin: 0 0 16px;
  li {
    padding: 4px 10px;
    border-radius: 999px;
    border: 1px solid ${theme.colors.border};
    font-size: 0.85rem;
    background: #fff;
  }
  li[aria-current='step'] { background: ${theme.colors.primaryDark}; border-color: ${theme.colors.primaryDark}; color: #fff; }
`;

/** A step editor's numbered steps, the current one marked (the insurance and balance-sheet editors). */
export function StepNav({ steps, current }: { steps: ReadonlyArray<{ id: string; title: string }>; current: number }) {
  return (
    <nav aria-label="Steps">
      <Steps>
        {steps.map((s, i) => (
          <li key={s.id} aria-current={i === current ? 'step' : undefined}>
            {i + 1}. {s.title}
          </li>
        ))}
      </Steps>
    </nav>
  );
}

/** The errors under a list's key (`owners.0.name`) as the list's own (`0.name`). */
export const subErrors = (errors: Record<string, string>, key: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`${key}.`))
      .map(([k, v]) => [k.slice(key.length + 1), v]),
  );
