// Code is bounded in UTF-8 bytes, and code past the bound is refused as too large (413) before the body's schema
// is checked: the schema bounds characters only, and would call the same code a bad request (400).
import type { preValidationAsyncHookHandler } from 'fastify';
import { assertCodeSize } from './practice-items';

/** A `preValidation` hook refusing any of `fields` of the body (top level, or in `tests[]`) over the code limit. */
export function codeSizeCheck(fields: string[]): preValidationAsyncHookHandler {
  return async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null) return;
    const record = body as Record<string, unknown>;
    for (const field of fields) {
      const value = record[field];
      if (typeof value === 'string') assertCodeSize(field, value);
    }
    const tests = record.tests;
    if (fields.includes('tests') && Array.isArray(tests))
      tests.forEach((test: unknown, i) => {
        const code = typeof test === 'object' && test !== null ? (test as { code?: unknown }).code : undefined;
        if (typeof code === 'string') assertCodeSize(`tests[${i}].code`, code);
      });
  };
}
