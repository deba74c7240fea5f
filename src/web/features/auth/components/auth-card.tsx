// The frame and the labelled input shared by the account forms.
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

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
}

export function Field({ label, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="auth__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" {...input} />
    </div>
  );
}
