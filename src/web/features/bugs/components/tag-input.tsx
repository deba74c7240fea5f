// Up to 5 tags as removable chips, typed into one field with suggestions from the tags already in use (a native
// datalist: the browser lists them while typing and the keyboard picks them). Enter, comma or space adds a tag.
import { type KeyboardEvent, useId, useState } from 'react';
import { BUG_TAG, BUG_TAGS_MAX } from '../../../../shared/constants';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTagSuggestions } from '../api/get-tags';

interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
}

export function TagInput({ value, onChange }: TagInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const prefix = useDebouncedValue(text.trim().toLowerCase(), 150);
  const suggestions = useTagSuggestions(BUG_TAG.test(prefix) ? prefix : '');

  function add(raw: string): boolean {
    const tag = raw.trim().toLowerCase();
    if (!tag) return true;
    if (!BUG_TAG.test(tag)) {
      setProblem(`“${tag}” is not a tag: use 1–24 of a-z, 0-9, +, #, . or -`);
      return false;
    }
    if (value.includes(tag)) {
      setText('');
      return true;
    }
    if (value.length >= BUG_TAGS_MAX) {
      setProblem(`At most ${BUG_TAGS_MAX} tags`);
      return false;
    }
    onChange([...value, tag]);
    setText('');
    setProblem(null);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      if (text.trim() === '' && event.key === 'Enter') return;
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="tag-input">
      <label htmlFor={inputId} className="bug-form__label">
        Tags
      </label>
      {value.length > 0 && (
        <ul className="tag-list" aria-label="Chosen tags">
          {value.map((tag) => (
            <li key={tag} className="tag-chip">
              {tag}
              <button
                type="button"
                className="tag-chip__remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        className="input"
        list={listId}
        autoComplete="off"
        value={text}
        aria-describedby={hintId}
        aria-invalid={problem !== null}
        disabled={value.length >= BUG_TAGS_MAX && text === ''}
        onChange={(event) => {
          setProblem(null);
          setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(text)}
      />
      <datalist id={listId}>
        {(suggestions.data?.tags ?? [])
          .filter((t) => !value.includes(t.name))
          .map((t) => (
            <option key={t.name} value={t.name}>{`${t.name} (${t.count})`}</option>
          ))}
      </datalist>
      <p
        id={hintId}
        className={problem ? 'tag-input__hint tag-input__hint--error' : 'tag-input__hint'}
        aria-live="polite"
      >
        {problem ?? `Up to ${BUG_TAGS_MAX} tags, e.g. react or node.js. Enter adds one.`}
      </p>
    </div>
  );
}
