// Turns any user text into a safe tsquery string: words of letters and digits only, joined with AND, the last one
// a prefix. User text never reaches the tsquery parser as syntax, so quotes, operators and backslashes are inert
// (websearch_to_tsquery would be safe too, but cannot match a prefix).
import { searchWords } from '../../../shared/search-words';

/** Letters a typed prefix may run past the stem of the word it starts ('learni' → learn, 'tutoria' → tutori): when
 *  nothing matched, search asks the last word shortened by up to this many letters (search_shortened, migration 0018).
 *  The stored words are English stems ('learning' is stored as 'learn'), so a partly typed 'learni' matches nothing as
 *  a plain prefix. Only the shortest prefix is asked: every word a longer one matches starts with it. */
export const PREFIX_SLACK = 3;
/** Shortened prefixes stay at least this long, so they do not widen into every short word. */
export const MIN_SHORTENED_PREFIX = 4;

/** A text as search asks for it: every word required, the last one (`last`) as a prefix. */
export interface PrefixQuery {
  head: string[];
  last: string;
}

/** `one & two & thr:*`. */
export const tsqueryOf = ({ head, last }: PrefixQuery): string => [...head, `${last}:*`].join(' & ');

/** `one:A & two:A & thr:*A`: the same words, found in the title part of a row's `search` (the title's lexemes weigh A
 *  there), so it matches exactly the rows whose title matches `one & two & thr:*`. */
export const titleTsqueryOf = ({ head, last }: PrefixQuery): string =>
  [...head.map((word) => `${word}:A`), `${last}:*A`].join(' & ');

/** The words of the text with the last one as a prefix, or null when the text holds no searchable word. */
export function prefixQuery(text: string): PrefixQuery | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return { head: words.slice(0, -1), last: words[words.length - 1] };
}

/** `one & two & thr:*`, or null when the text holds no searchable word. */
export function prefixTsquery(text: string): string | null {
  const query = prefixQuery(text);
  return query && tsqueryOf(query);
}

/** The typo fallback forgives words this long at least (shorter ones are one edit from too many words)... */
export const TYPO_WORD_MIN = 5;
/** ...and this long at most (the dictionary keeps words of up to one more), in a text of at most this many words.
 *  So a correction asks the dictionary at most TYPO_WORDS_MAX lookups of at most TYPO_WORD_MAX + 1 forms each
 *  (search_correction, migration 0018). */
export const TYPO_WORD_MAX = 24;
export const TYPO_WORDS_MAX = 4;

/** The words of the text the typo fallback may correct, or null when the text does not suit it: no word long
 *  enough to forgive, or too many words. */
export function typoWords(words: string[]): string[] | null {
  if (words.length === 0 || words.length > TYPO_WORDS_MAX) return null;
  const forgiven = words.filter((word) => {
    const length = [...word].length;
    return length >= TYPO_WORD_MIN && length <= TYPO_WORD_MAX;
  });
  return forgiven.length > 0 ? [...new Set(forgiven)] : null;
}
