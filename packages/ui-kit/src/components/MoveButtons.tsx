import { Button } from './Button';

/**
 * A list item's pair of reorder buttons, up then down: the first item cannot go up, the last cannot go down. Each
 * screen keeps its own words (`labels`: the buttons' text; `named`: their accessible names).
 */
export function MoveButtons({
  at,
  count,
  onMove,
  named,
  labels = ['Up', 'Down'],
  disabled = false,
}: {
  /** The item's place, from 0, and how many there are. */
  at: number;
  count: number;
  /** Moves the item by one place: -1 up, 1 down. */
  onMove: (by: -1 | 1) => void;
  named: (direction: 'up' | 'down') => string;
  labels?: readonly [string, string];
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" disabled={disabled || at === 0} onClick={() => onMove(-1)} aria-label={named('up')}>
        {labels[0]}
      </Button>
      <Button
        variant="secondary"
        disabled={disabled || at === count - 1}
        onClick={() => onMove(1)}
        aria-label={named('down')}
      >
        {labels[1]}
      </Button>
    </>
  );
}
