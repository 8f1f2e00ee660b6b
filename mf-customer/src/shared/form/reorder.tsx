import { Button } from '@kinfolio/ui-kit';
import { type DragEvent, useRef, useState } from 'react';
import styled from 'styled-components';

/** `list` with the item at `from` moved to `to` (a new array; out-of-range moves change nothing). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** The body of a position bulk update: every item's id with its new position. */
export function positionsOf(ids: readonly string[]): Array<{ id: string; position: number }> {
  return ids.map((id, position) => ({ id, position }));
}

/**
 * Drag to reorder, and the same by keyboard: every item is draggable (HTML drag and drop) and has 'Move up' and
 * 'Move down' buttons. `commit` gets the new order; the caller saves it and reloads.
 */
export function useReorder<T extends { id: string }>(items: readonly T[], commit: (next: T[]) => void) {
  const dragging = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    commit(moveItem(items, from, to));
  };
  const dragProps = (index: number) => ({
    draggable: true,
    'data-drag-over': over === index || undefined,
    onDragStart: (e: DragEvent) => {
      dragging.current = index;
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDragLeave: () => setOver((o) => (o === index ? null : o)),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragging.current ?? Number(e.dataTransfer.getData('text/plain'));
      dragging.current = null;
      setOver(null);
      if (Number.isInteger(from)) move(from, index);
    },
    onDragEnd: () => {
      dragging.current = null;
      setOver(null);
    },
  });
  return { move, dragProps };
}

const Moves = styled.span`
  display: inline-flex;
  gap: 2px;
  button { min-width: 32px; padding: 2px 6px; }
`;

/** 'Move up' / 'Move down' buttons of a reorderable item (named with the item's label for screen readers). */
export function MoveButtons({
  index,
  count,
  label,
  onMove,
  disabled,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
}) {
  return (
    <Moves>
      <Button
        variant="link"
        aria-label={`Move ${label} up`}
        title="Move up"
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="link"
        aria-label={`Move ${label} down`}
        title="Move down"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </Button>
    </Moves>
  );
}
