// A small button in a row of a list or table ('Delete'): its accessible name adds the row's title ('Delete Intro'),
// so a screen reader's list of buttons says which row each acts on.
import type { ButtonHTMLAttributes, Ref } from 'react';

interface RowButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'> {
  /** The visible word: 'Delete', 'Edit'. */
  action: string;
  /** The row's title, read after the action. */
  name: string;
  ref?: Ref<HTMLButtonElement>;
}

export function RowButton({ action, name, ...props }: RowButtonProps) {
  return (
    <button type="button" className="button button--ghost button--small" {...props}>
      {action}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
