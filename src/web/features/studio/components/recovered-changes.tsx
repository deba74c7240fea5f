// After a conflict and a reload: what was typed here and never saved, so it is not silently lost. Each field can
// be put back (it then replaces the other person's version when it saves) or copied from the read-only box.
import { useId } from 'react';
import { stripHtml } from '../../../lib/excerpt';
import type { Fields } from './autosave';

interface RecoveredChangesProps<F extends Fields> {
  recovered: Partial<F>;
  /** Visible names of the fields worth showing; others (the status) are left out. */
  labels: Partial<Record<keyof F & string, string>>;
  /** Fields holding HTML: shown as their text. */
  htmlFields?: (keyof F & string)[];
  onRestore: (field: keyof F & string) => void;
  onDismiss: () => void;
  headingLevel?: 2 | 3;
}

export function RecoveredChanges<F extends Fields>({
  recovered,
  labels,
  htmlFields = [],
  onRestore,
  onDismiss,
  headingLevel = 2,
}: RecoveredChangesProps<F>) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const entries = (Object.keys(recovered) as (keyof F & string)[]).filter((field) => labels[field] !== undefined);
  if (entries.length === 0) return null;
  return (
    <section className="recovered" aria-labelledby={headingId}>
      <Heading id={headingId} className="recovered__title">
        Your unsaved changes
      </Heading>
      <p>
        These did not reach the server. Copy what you need, or use your version of a field again: it then replaces the
        current one when it saves.
      </p>
      {entries.map((field) => (
        <RecoveredField
          key={field}
          label={labels[field] ?? field}
          value={recovered[field] ?? ''}
          html={htmlFields.includes(field)}
          onRestore={() => onRestore(field)}
        />
      ))}
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}

function RecoveredField({
  label,
  value,
  html,
  onRestore,
}: {
  label: string;
  value: string;
  html: boolean;
  onRestore: () => void;
}) {
  const id = useId();
  return (
    <div className="studio-field">
      <label htmlFor={id}>Your {label.toLowerCase()}</label>
      <textarea id={id} className="input recovered__text" readOnly rows={3} value={html ? stripHtml(value) : value} />
      <button type="button" className="button button--ghost button--small" onClick={onRestore}>
        Use my {label.toLowerCase()}
      </button>
    </div>
  );
}
