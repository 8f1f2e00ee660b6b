import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';

const BarChart = lazy(() => import('../../shared/charts/BarChart').then((m) => ({ default: m.BarChart })));

/**
 * The year's cash flow (income, expenses, living expenses, savings, net) as the report's bar chart (visx, loaded
 * with the report's chunk when first shown); the same figures are in the table beside it.
 */
export function CashflowChart({ bars, currency }: { bars: Array<{ label: string; value: number }>; currency: string }) {
  return (
    <Suspense fallback={<Skeleton rows={3} label="Loading the cash flow chart" />}>
      <BarChart
        title="Cash flow a year"
        currency={currency}
        kind="bar"
        series={[{ key: 'amount', label: 'A year' }]}
        categories={bars.map((b) => ({ label: b.label, values: { amount: b.value } }))}
      />
    </Suspense>
  );
}
