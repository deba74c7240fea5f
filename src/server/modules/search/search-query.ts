// Turns any user text into a safe tsquery string: words of letters and digits only, joined with AND, the last one
// a prefix. User text never reaches the tsquery parser as syntax, so quotes, operators and backslashes are inert
// (websearch_to_tsquery would be safe too, but cannot match a prefix).

/** More words than this add nothing to a search box query and only cost planning time. */
export const MAX_WORDS = 16;
/** No dictionary word is longer; PostgreSQL also rejects lexemes over 2 KB. */
export const MAX_WORD_LENGTH = 64;
/** Letters a typed prefix may run past the stem of the word it starts ('learni' → learn, 'tutoria' → tutori). */
export const PREFIX_SLACK = 3;
/** Shortened prefixes stay at least this long, so they do not widen into every short word. */
export const MIN_SHORTENED_PREFIX = 4;

/** The words of a search text: each stripped of everything but letters and digits, empty ones dropped. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/[^\p{L}\p{N}]+/gu, '')
        .toLowerCase()
        .slice(0, MAX_WORD_LENGTH),
    )
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/** `one & two & thr:*`, or null when the text holds no searchable word. */
export function prefixTsquery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return [...words.slice(0, -1), `${words[words.length - 1]}:*`].join(' & ');
}

/**
 * The same with the last word also shortened by up to PREFIX_SLACK letters (`one & (three:* | thre:*)`), or null
 * when it is too short to shorten. The stored words are English stems ('learning' is stored as 'learn'), so a
 * partly typed 'learni' matches nothing as a plain prefix; the search falls back to this when nothing matched.
 */
export function slackPrefixTsquery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const last = words[words.length - 1];
  const prefixes = [`${last}:*`];
  for (let drop = 1; drop <= PREFIX_SLACK && last.length - drop >= MIN_SHORTENED_PREFIX; drop++) {
    prefixes.push(`${last.slice(0, last.length - drop)}:*`);
  }
  if (prefixes.length === 1) return null;
  return [...words.slice(0, -1), `(${prefixes.join(' | ')})`].join(' & ');
}

/** The typo fallback forgives words this long at least (shorter ones are alike to too many titles), and needs one;
 *  shorter words must be in the title as typed... */
export const TYPO_WORD_MIN = 5;
/** ...and this long at most, in a text of at most this many words (each costs an index scan per form). */
export const TYPO_WORD_MAX = 24;
export const TYPO_WORDS_MAX = 4;

/**
 * For the typo fallback: each word of the text with its adjacent transpositions ('pyhton' → 'python', …), which
 * trigrams alone miss (a swap changes most of a short word's trigrams); a short word stands as typed. Null when the
 * text does not suit it: no word long enough to forgive, a word too long, or too many words.
 */
export function typoWords(text: string): string[][] | null {
  const words = searchWords(text);
  if (words.length === 0 || words.length > TYPO_WORDS_MAX) return null;
  if (!words.some((word) => word.length >= TYPO_WORD_MIN) || words.some((word) => word.length > TYPO_WORD_MAX))
    return null;
  return words.map((word) => {
    if (word.length < TYPO_WORD_MIN) return [word];
    const letters = [...word];
    const forms = new Set([word]);
    for (let i = 0; i + 1 < letters.length; i++) {
      if (letters[i] === letters[i + 1]) continue;
      const swapped = [...letters];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
      forms.add(swapped.join(''));
    }
    return [...forms];
  });
}
