import { HELP_BUTTON_OFFSET_PX, HELP_BUTTON_SIZE_PX, MOBILE_BREAKPOINT_PX } from '@kinfolio/ui-kit';

/** Spec §9: a pointer that moves more than 3 px is a drag, not a click. */
export const DRAG_THRESHOLD_PX = 3;
/**
 * Spec §9: default position 20 px from the right and bottom edges; below 768 px the panel takes the full width.
 * The sizes live in ui-kit, whose PageContainer keeps every page's end clear of the button.
 */
export const DEFAULT_OFFSET_PX = HELP_BUTTON_OFFSET_PX;
export { MOBILE_BREAKPOINT_PX };
export const BUTTON_SIZE_PX = HELP_BUTTON_SIZE_PX;

export interface Position {
  right: number;
  bottom: number;
}

export interface DragState {
  startX: number;
  startY: number;
  origin: Position;
  dragging: boolean;
}

export function isDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) > DRAG_THRESHOLD_PX;
}

export function startDrag(x: number, y: number, origin: Position): DragState {
  return { startX: x, startY: y, origin, dragging: false };
}

/** Next state and position for a pointer at (x, y); the button stays inside the viewport. */
export function moveDrag(
  s: DragState,
  x: number,
  y: number,
  viewport: { width: number; height: number },
): { state: DragState; position: Position | null } {
  const dx = x - s.startX;
  const dy = y - s.startY;
  const dragging = s.dragging || isDrag(dx, dy);
  if (!dragging) return { state: s, position: null };
  const clamp = (v: number, max: number) => Math.min(Math.max(0, v), Math.max(0, max));
  return {
    state: { ...s, dragging: true },
    position: {
      right: clamp(s.origin.right - dx, viewport.width - BUTTON_SIZE_PX),
      bottom: clamp(s.origin.bottom - dy, viewport.height - BUTTON_SIZE_PX),
    },
  };
}
