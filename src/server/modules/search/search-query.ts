// Turns any user text into a safe tsquery string: words of letters and digits only, joined with AND, the last
// one a prefix. User text never reaches the tsquery parser as syntax, so quotes, operators and backslashes are
// inert (websearch_to_tsquery would be safe too, but cannot match a prefix).

/** More words than this add nothing to a search box query and only cost planning time. */
export const MAX_WORDS = 16;
/** No dictionary word is longer; PostgreSQL also rejects lexemes over 2 KB. */
export const MAX_WORD_LENGTH = 64;

/** The words of a search text: each stripped of everything but letters and digits, empty ones dropped. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase().slice(0, MAX_WORD_LENGTH))
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/** `one & two & thr:*`, or null when the text holds no searchable word. */
export function prefixTsquery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words.map((word, i) => (i === last ? `${word}:*` : word)).join(' & ');
}
