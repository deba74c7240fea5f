// The small fields the practice forms repeat: a labelled code box (a monospace textarea), a number field with its
// range, and the heading whose level follows where the form sits (under a lesson's h3, or a tutorial's h1).
import { forwardRef, type ReactNode, useId, useRef } from 'react';

export function CodeField({
  label,
  value,
  onChange,
  rows = 8,
  hint,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  rows?: number;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="studio-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="studio-hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className="input studio-code"
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-describedby={hint ? hintId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step?: number;
  hint: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="studio-field practice-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="studio-hint">
        {hint}
      </p>
    </div>
  );
}

export type HeadingLevel = 2 | 3 | 4 | 5;

/** A heading of the given level; `tabIndex={-1}` lets a screen put focus on it after an action. */
export const Heading = forwardRef<
  HTMLHeadingElement,
  { level: HeadingLevel; id?: string; className?: string; focusable?: boolean; children: ReactNode }
>(function Heading({ level, id, className, focusable = false, children }, ref) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} ref={ref} className={className} tabIndex={focusable ? -1 : undefined}>
      {children}
    </Tag>
  );
});

/** A field's text as a whole number, or NaN (the shared schema then names the field). */
export const toInt = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** Elements kept by key (`ref={elements.keep(key)}`), to move focus to one after an action. */
export function useElementMap<E extends HTMLElement>() {
  const elements = useRef(new Map<string, E>());
  return {
    keep: (key: string) => (node: E | null) => {
      if (node) elements.current.set(key, node);
      else elements.current.delete(key);
    },
    /** Focuses the element kept under `key` once the next frame is drawn (it may be rendered only now). */
    focusSoon: (key: string, fallback?: () => HTMLElement | null) =>
      requestAnimationFrame(() => (elements.current.get(key) ?? fallback?.())?.focus()),
  };
}
