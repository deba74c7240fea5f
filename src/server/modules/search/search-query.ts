// Turns any user text into a safe tsquery string: words of letters and digits only, joined with AND, the last
// one a prefix (with some slack for English stems). User text never reaches the tsquery parser as syntax, so quotes, operators and backslashes are
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

/** Letters a typed prefix may run past the stem of the word it starts ('learni' → learn, 'tutoria' → tutori). */
export const PREFIX_SLACK = 3;
/** Shortened prefixes stay at least this long, so they do not widen into every short word. */
export const MIN_SHORTENED_PREFIX = 4;

/**
 * The last word as a prefix, also shortened by up to PREFIX_SLACK letters: the stored words are English stems
 * ('learning' is stored as 'learn'), so a partly typed 'learni' must match 'learn' too, not only words starting
 * with 'learni'. Without this, search-as-you-type finds nothing in the middle of many words.
 */
function lastWordPrefixes(word: string): string {
  const prefixes = [`${word}:*`];
  for (let drop = 1; drop <= PREFIX_SLACK && word.length - drop >= MIN_SHORTENED_PREFIX; drop++) {
    prefixes.push(`${word.slice(0, word.length - drop)}:*`);
  }
  return prefixes.length === 1 ? prefixes[0] : `(${prefixes.join(' | ')})`;
}

/** `one & two & (thre:* | thr:*)`, or null when the text holds no searchable word. */
export function prefixTsquery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words.map((word, i) => (i === last ? lastWordPrefixes(word) : word)).join(' & ');
}
