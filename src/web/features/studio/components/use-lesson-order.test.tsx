// @vitest-environment happy-dom
// Focus follows an item moved by keyboard, also when the list is put in another order and back after the move (an
// answer arriving after a second move): moving a row's element drops the focus it holds.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Ordered, useListOrder } from './use-lesson-order';

function List({ items, onSave }: { items: Ordered[]; onSave: (ids: string[]) => void }) {
  const order = useListOrder(
    items,
    (ids) => onSave(ids),
    () => undefined,
  );
  return (
    <ol>
      {items.map((item, index) => (
        <li key={item._id}>
          {item.title}
          <button
            type="button"
            aria-label={`Move ${item.title} up`}
            ref={order.moveButtonRef(item._id, 'up')}
            disabled={index === 0}
            onClick={() => order.move(index, 'up')}
          />
          <button
            type="button"
            aria-label={`Move ${item.title} down`}
            ref={order.moveButtonRef(item._id, 'down')}
            disabled={index === items.length - 1}
            onClick={() => order.move(index, 'down')}
          />
        </li>
      ))}
    </ol>
  );
}

const a = { _id: 'a', title: 'A' };
const b = { _id: 'b', title: 'B' };
const c = { _id: 'c', title: 'C' };
const focused = () => document.activeElement?.getAttribute('aria-label') ?? null;

afterEach(cleanup);

describe('useListOrder', () => {
  it('puts focus back on the moved item each time the rows are re-inserted, until it is somewhere else', () => {
    const saved: string[][] = [];
    const { rerender } = render(<List items={[a, b, c]} onSave={(ids) => saved.push(ids)} />);
    const down = screen.getByRole('button', { name: 'Move A down' });
    down.focus();
    fireEvent.click(down);
    expect(saved).toEqual([['b', 'a', 'c']]);
    rerender(<List items={[b, a, c]} onSave={() => undefined} />);
    expect(focused()).toBe('Move A down');
    // An answer puts the rows in another order and back: the moved row's element moves, and focus with it is lost.
    rerender(<List items={[a, b, c]} onSave={() => undefined} />);
    (document.activeElement as HTMLElement | null)?.blur();
    rerender(<List items={[b, a, c]} onSave={() => undefined} />);
    expect(focused()).toBe('Move A down');
    // Once the reader is elsewhere, a later change of the list leaves their focus alone.
    screen.getByRole('button', { name: 'Move C up' }).focus();
    rerender(<List items={[b, c, a]} onSave={() => undefined} />);
    expect(focused()).toBe('Move C up');
  });
});
