// The frame, the labelled input (with its problem beside it) and the 'Check your email' panel shared by the account
// forms.
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container auth">
      <div className="auth__card">
        <h1 className="auth__title">{title}</h1>
        {children}
      </div>
    </section>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The problem with the value, shown under the field and tied to it for screen readers. */
  error?: string;
}

export function Field({ label, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="auth__field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A problem with the whole form (the server's answer), kept on the page after the alert has gone. */
export function FormProblem({ text }: { text: string | null }) {
  return (
    <p className="auth__problem" role="alert">
      {text}
    </p>
  );
}

/** What happened after a form sent mail, kept on the page (the alert lasts a second); it takes the focus. */
export function CheckEmail({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="auth__sent">
      <h2 className="auth__sent-title" tabIndex={-1} ref={heading}>
        Check your email
      </h2>
      {children}
      {actions && <div className="auth__actions">{actions}</div>}
    </div>
  );
}
