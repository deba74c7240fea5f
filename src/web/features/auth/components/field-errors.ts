// Form errors beside their fields: the specified validation rules checked before sending, each problem shown under its
// field (aria-invalid, aria-describedby) and focus on the first one, instead of the browser's passing bubbles.
import { type RefObject, useRef, useState } from 'react';
import { LIMITS } from '../../../../shared/constants';

// What <input type="email"> accepts (the HTML standard's rule, simplified to what matters here).
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function emailProblem(value: string, required = true): string | undefined {
  if (value.trim() === '') return required ? 'Enter your email address.' : undefined;
  if (!EMAIL.test(value.trim())) return 'Enter an email address like name@example.com.';
  return undefined;
}

export function passwordProblem(value: string): string | undefined {
  if (value === '') return 'Enter a password.';
  if (value.length < LIMITS.passwordMin) return `The password needs at least ${LIMITS.passwordMin} characters.`;
  return undefined;
}

/** The server's refusal of the 10,000 most common passwords, checked before sending. The list loads only when a
 *  form is sent (its own chunk, so no page's first load carries it); if it cannot load, the server still checks. */
export async function commonPasswordProblem(value: string): Promise<string | undefined> {
  const list = await import('../../../../shared/common-passwords').catch(() => null);
  return list?.isCommonPassword(value) ? list.COMMON_PASSWORD_MSG : undefined;
}

export function nameProblem(value: string): string | undefined {
  if (value.trim() === '') return 'Enter a user name.';
  if (value.trim().length < LIMITS.nameMin) return `The user name needs at least ${LIMITS.nameMin} characters.`;
  return undefined;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The current problems per field, and `check`, which shows new ones and focuses the first field that has one. */
export function useFieldErrors<K extends string>(): {
  errors: FieldErrors<K>;
  formRef: RefObject<HTMLFormElement | null>;
  check: (found: FieldErrors<K>) => boolean;
} {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const formRef = useRef<HTMLFormElement>(null);

  /** Shows `found` (undefined entries are fine) and answers whether the form may be sent. */
  function check(found: FieldErrors<K>): boolean {
    const problems = Object.fromEntries(Object.entries(found).filter(([, text]) => text)) as FieldErrors<K>;
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return first === undefined;
  }

  return { errors, formRef, check };
}
