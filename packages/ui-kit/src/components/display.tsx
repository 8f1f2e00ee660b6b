import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { theme } from '../theme';

const shimmer = keyframes`0% { background-position: -200px 0; } 100% { background-position: calc(200px + 100%) 0; }`;

const Bar = styled.div`
  height: 16px;
  margin: 10px 0;
  border-radius: 6px;
  background: #e3eaea linear-gradient(90deg, #e3eaea 0, #f2f6f6 40px, #e3eaea 80px) no-repeat;
  background-size: 200px 100%;
  animation: ${shimmer} 1.2s ease-in-out infinite;
`;

/** Loading placeholder rows. */
export function Skeleton({ rows = 3, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="skeleton">
      <span className="kf-visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Bar key={i} data-skeleton-row style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

export type TagTone = 'red' | 'green' | 'grey';
const tones: Record<TagTone, [string, string]> = {
  red: [theme.colors.dangerSoft, '#8f1e18'],
  green: [theme.colors.successSoft, '#175f2f'],
  grey: ['#eceff0', '#3c4747'],
};
const TagSpan = styled.span<{ $tone: TagTone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 600;
  background: ${(p) => tones[p.$tone][0]};
  color: ${(p) => tones[p.$tone][1]};
`;
export function Tag({ tone = 'grey', children }: { tone?: TagTone; children?: ReactNode }) {
  return (
    <TagSpan $tone={tone} data-tone={tone}>
      {children}
    </TagSpan>
  );
}

export interface TabItem {
  id: string;
  label: ReactNode;
  disabled?: boolean;
}

const TabList = styled.div`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${theme.colors.border};
  margin-bottom: 12px;
  button {
    border: 0;
    background: transparent;
    padding: 10px 14px;
    cursor: pointer;
    font-weight: 600;
    color: ${theme.colors.muted};
    border-bottom: 3px solid transparent;
  }
  button[aria-selected='true'] { color: ${theme.colors.primaryDark}; border-bottom-color: ${theme.colors.primaryDark}; }
  button:disabled { opacity: 0.5; cursor: not-allowed; }
`;

/** Tabs with arrow-key navigation (role tablist). */
export function Tabs({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: TabItem[];
  active: string;
  onChange: (id: string) => void;
  label?: string;
}) {
  const enabled = tabs.filter((t) => !t.disabled);
  return (
    <TabList role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={t.id === active}
          tabIndex={t.id === active ? 0 : -1}
          disabled={t.disabled}
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
            const i = enabled.findIndex((x) => x.id === t.id);
            const next = enabled[(i + (e.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length];
            if (next) onChange(next.id);
          }}
        >
          {t.label}
        </button>
      ))}
    </TabList>
  );
}

const Empty = styled.div`
  text-align: center;
  padding: 32px 16px;
  color: ${theme.colors.muted};
  h3 { margin: 0 0 6px; color: ${theme.colors.text}; font-size: 18px; }
`;
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Empty>
      <h3>{title}</h3>
      {children ? <div>{children}</div> : null}
    </Empty>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;
const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  border: 3px solid ${theme.colors.primarySoft};
  border-top-color: ${theme.colors.primaryDark};
  animation: ${spin} 0.8s linear infinite;
`;
export function Spinner({ size = 24, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span role="status">
      <Ring $size={size} aria-hidden="true" />
      <span className="kf-visually-hidden">{label}</span>
    </span>
  );
}
