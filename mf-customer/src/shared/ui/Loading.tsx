import { Skeleton } from '@kinfolio/ui-kit';
import { type ReactNode, Suspense } from 'react';

/**
 * A screen loaded when first opened (React.lazy) in its own chunk, so the dashboard's first load does not carry it
 * (bench:web's per-remote first-load budget): a skeleton of `rows` lines stands in while it loads.
 */
export function Loading({ rows, label, children }: { rows: number; label: string; children: ReactNode }) {
  return <Suspense fallback={<Skeleton rows={rows} label={label} />}>{children}</Suspense>;
}
