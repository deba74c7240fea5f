// Narrows a value a test needs (a sent mail, a regex match, a stored key) and fails naming what was missing,
// instead of a non-null assertion that would fail later with "cannot read properties of undefined".
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
