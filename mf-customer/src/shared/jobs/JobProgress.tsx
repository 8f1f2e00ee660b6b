import { Button, theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';
import type { Job } from './api';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 8px 0 12px;
  .kf-job-track {
    flex: 1 1 12em;
    max-width: 24em;
    height: 8px;
    border-radius: 4px;
    background: ${theme.colors.primarySoft};
    overflow: hidden;
  }
  .kf-job-fill {
    height: 100%;
    background: ${theme.colors.primaryDark};
    transition: width 0.2s ease-out;
  }
  @media (prefers-reduced-motion: reduce) {
    .kf-job-fill {
      transition: none;
    }
  }
  p {
    margin: 0;
    font-size: 0.9rem;
  }
`;

/** The words a job's progress is told in: its stage, or where it is before the first word came. */
export const stageOf = (job: Job | null) => (job ? job.stage || `${job.progress}%` : 'Starting');

/**
 * A long run's progress (issue 37): a bar (role progressbar, its value, its stage in words: "Queued: 2 ahead",
 * "Running 4,000 of 10,000 trials") and a Cancel button while the job is queued or running.
 */
export function JobProgress({
  label,
  job,
  onCancel,
  testId,
}: {
  /** What the bar is named ("Monte Carlo progress"). */
  label: string;
  /** The job as last heard of (null: being made). */
  job: Job | null;
  onCancel?: () => void;
  testId?: string;
}) {
  const value = job?.progress ?? 0;
  const stage = stageOf(job);
  return (
    <Box data-testid={testId}>
      <div
        className="kf-job-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={stage}
      >
        <div className="kf-job-fill" style={{ width: `${value}%` }} />
      </div>
      <p aria-live="polite">{stage}</p>
      {onCancel ? (
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </Box>
  );
}
