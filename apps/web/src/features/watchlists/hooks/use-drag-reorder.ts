import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

import { dropIndex } from '../reorder';

export interface DragState {
  from: number;
  to: number;
  offset: number;
}

/**
 * Drag to reorder with pointer events (touch, pen and mouse alike): the handle captures the pointer, the
 * row follows it, and on release `onDrop(from, to)` is called when the row moved.
 */
export function useDragReorder(rowHeight: number, count: number, onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const origin = useRef<{ pointerId: number; startY: number; from: number } | null>(null);

  const onPointerDown = useCallback((index: number, event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    origin.current = { pointerId: event.pointerId, startY: event.clientY, from: index };
    setDrag({ from: index, to: index, offset: 0 });
  }, []);

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const start = origin.current;
      if (!start || start.pointerId !== event.pointerId) return;
      const offset = event.clientY - start.startY;
      setDrag({ from: start.from, to: dropIndex(start.from, offset, rowHeight, count), offset });
    },
    [rowHeight, count],
  );

  const finish = useCallback(
    (event: ReactPointerEvent<HTMLElement>, commit: boolean) => {
      const start = origin.current;
      if (!start || start.pointerId !== event.pointerId) return;
      origin.current = null;
      const to = dropIndex(start.from, event.clientY - start.startY, rowHeight, count);
      setDrag(null);
      if (commit && to !== start.from) onDrop(start.from, to);
    },
    [rowHeight, count, onDrop],
  );

  const handleProps = (index: number) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => onPointerDown(index, event),
    onPointerMove,
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => finish(event, true),
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => finish(event, false),
  });

  return { drag, handleProps };
}
