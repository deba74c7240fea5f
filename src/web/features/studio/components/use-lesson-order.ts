// Reordering a list in the Studio (a course's lessons, a lesson's practice items). Keyboard: 'Move … up' / 'Move …
// down' buttons (focus stays on the moved item); mouse: drag an item by its handle. Either way the whole new order
// goes to `save` (one PUT of every id), and `announce` says where the item went (the list reads it out in a polite
// live region).
import { type DragEvent, useLayoutEffect, useRef, useState } from 'react';
import type { StudioLesson } from '../../../../shared/studio';
import { showAlert } from '../../../components/alert-banner';
import { useReorderLessons } from '../api/reorder-lessons';

/** `ids` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export type Direction = 'up' | 'down';

/** Where a dragged lesson would land: before or after the lesson under the pointer. */
export interface DropTarget {
  id: string;
  after: boolean;
}

/** One row of a reorderable list: its id and the title the announcements and button names use. */
export interface Ordered {
  _id: string;
  title: string;
}

/** Sends the whole new order; `onError` runs when the server refuses it. */
export type SaveOrder = (ids: string[], onError: (err: Error) => void) => void;

export type ListOrder<T extends Ordered> = ReturnType<typeof useListOrder<T>>;
export type LessonOrder = ListOrder<StudioLesson>;

export function useLessonOrder(courseId: string, lessons: StudioLesson[], announce: (text: string) => void) {
  const reorder = useReorderLessons(courseId);
  return useListOrder(lessons, (ids, onError) => reorder.mutate(ids, { onError }), announce);
}

export function useListOrder<T extends Ordered>(items: T[], save: SaveOrder, announce: (text: string) => void) {
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<DropTarget | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: string; direction: Direction; fresh: boolean } | null>(null);

  // After a keyboard move the item's row may have been re-inserted (which drops focus), and at the top or the
  // bottom its button is disabled: put focus back on the button pressed, or on the other one. The list changes again
  // when the server's order arrives, which may come after a second move and re-insert the rows once more: focus is
  // put back each time it was dropped, until it is somewhere else.
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    const focused = document.activeElement;
    const own = (['up', 'down'] as const).some((way) => buttons.current.get(`${target.id}:${way}`) === focused);
    if (!target.fresh && focused && focused !== document.body && !own) {
      focusAfterMove.current = null;
      return;
    }
    target.fresh = false;
    const index = items.findIndex((item) => item._id === target.id);
    const atEnd = target.direction === 'up' ? index === 0 : index === items.length - 1;
    const direction = atEnd ? (target.direction === 'up' ? 'down' : 'up') : target.direction;
    buttons.current.get(`${target.id}:${direction}`)?.focus();
  }, [items]);

  function applyOrder(from: number, to: number, viaKeyboard: Direction | null) {
    if (from === to || to < 0 || to >= items.length) return;
    const moved = items[from];
    const ids = moveItem(
      items.map((item) => item._id),
      from,
      to,
    );
    if (viaKeyboard) focusAfterMove.current = { id: moved._id, direction: viaKeyboard, fresh: true };
    announce(`“${moved.title}” moved to position ${to + 1} of ${items.length}.`);
    save(ids, (err) => {
      announce(`The order was not saved: ${err.message}`);
      showAlert(err.message, 'danger');
    });
  }

  return {
    dragId,
    dropAt,

    /** The Move up / Move down button of the item at `index`. */
    move: (index: number, direction: Direction) => {
      applyOrder(index, direction === 'up' ? index - 1 : index + 1, direction);
    },

    /** Keeps the item's Move button, to put focus back on it after a move. */
    moveButtonRef: (itemId: string, direction: Direction) => {
      return (node: HTMLButtonElement | null) => {
        if (node) buttons.current.set(`${itemId}:${direction}`, node);
        else buttons.current.delete(`${itemId}:${direction}`);
      };
    },

    dragStart: (event: DragEvent<HTMLElement>, itemId: string) => {
      setDragId(itemId);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', itemId);
      const row = event.currentTarget.closest('li');
      if (row) event.dataTransfer.setDragImage(row, 16, 16);
    },

    dragEnd: () => {
      setDragId(null);
      setDropAt(null);
    },

    dragOver: (event: DragEvent<HTMLLIElement>, item: T) => {
      if (!dragId) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const box = event.currentTarget.getBoundingClientRect();
      const after = event.clientY > box.top + box.height / 2;
      if (dropAt?.id !== item._id || dropAt.after !== after) setDropAt({ id: item._id, after });
    },

    drop: (event: DragEvent<HTMLLIElement>) => {
      event.preventDefault();
      const from = items.findIndex((item) => item._id === dragId);
      const target = dropAt ? items.findIndex((item) => item._id === dropAt.id) : -1;
      setDragId(null);
      setDropAt(null);
      if (from < 0 || target < 0 || !dropAt) return;
      // Dropping after an item below the dragged one lands on its index once the dragged one is taken out.
      let to = dropAt.after ? target + 1 : target;
      if (from < to) to -= 1;
      applyOrder(from, to, null);
    },
  };
}
