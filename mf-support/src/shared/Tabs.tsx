import { brand } from '@kinfolio/support-ui';
import { type KeyboardEvent, useRef } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid #e3e8eb;
  margin-bottom: 10px;
  button {
    border: 0;
    background: transparent;
    padding: 8px 12px;
    font: inherit;
    cursor: pointer;
    border-bottom: 2px solid transparent;
    color: #4a5560;
  }
  button[aria-selected='true'] { border-bottom-color: ${brand}; color: #1f2a33; font-weight: 600; }
  button:focus-visible { outline: 2px solid ${brand}; }
`;

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** Accessible tab strip (arrow keys move between tabs). The panel is rendered by the caller with tabPanelProps. */
export function TabStrip<K extends string>({
  id,
  tabs,
  active,
  onChange,
  label,
}: {
  id: string;
  tabs: TabItem<K>[];
  active: K;
  onChange: (k: K) => void;
  label: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (e: KeyboardEvent, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (i + delta + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab) {
      onChange(tab.key);
      refs.current[next]?.focus();
    }
  };
  return (
    <List role="tablist" aria-label={label}>
      {tabs.map((t, i) => (
        <button
          key={t.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${t.key}`}
          aria-selected={t.key === active}
          aria-controls={`${id}-panel`}
          tabIndex={t.key === active ? 0 : -1}
          onClick={() => onChange(t.key)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {t.label}
        </button>
      ))}
    </List>
  );
}

export const tabPanelProps = (id: string, active: string) => ({
  role: 'tabpanel' as const,
  id: `${id}-panel`,
  'aria-labelledby': `${id}-tab-${active}`,
});
