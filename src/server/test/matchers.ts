// Asymmetric matchers for inject() bodies. Vitest types expect.any() and its kin as `any`, which switches type
// checking off for the literal around them; these answer `unknown`, so the literal stays checked.
import { expect } from 'vitest';
import type { z } from 'zod';
import type { errorBody } from '../../shared/contract';

/** The `{ error }` body every failure answers (lib/error-handler.ts). */
export type ErrorBody = z.infer<typeof errorBody>;

/** Any string, or only one matching `pattern`. */
export const aString = (pattern?: RegExp): unknown => (pattern ? expect.stringMatching(pattern) : expect.any(String));

/** An `{ error }` body: that one field, a string (matching `pattern` when given). */
export const anErrorBody = (pattern?: RegExp) => ({ error: aString(pattern) });
