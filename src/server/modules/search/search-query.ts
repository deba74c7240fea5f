// Turns any user text into a safe tsquery string: words of letters and digits only, joined with AND, the last one
// a prefix. User text never reaches the tsquery parser as syntax, so quotes, operators and backslashes are inert
// (websearch_to_tsquery would be safe too, but cannot match a prefix).
import { searchWords } from '../../../shared/search-words';

/** Letters a typed prefix may run past the stem of the word it starts ('learni' → learn, 'tutoria' → tutori). */
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

/**
 * The same with the last word shortened by up to PREFIX_SLACK letters (`one & thre:*`), or null when it is too short
 * to shorten. The stored words are English stems ('learning' is stored as 'learn'), so a partly typed 'learni'
 * matches nothing as a plain prefix; the search falls back to this when nothing matched. Only the shortest prefix is
 * asked: every word a longer one matches starts with it, and each prefix costs the index a scan of its own.
 */
export function slackPrefixQuery(text: string): PrefixQuery | null {
  const query = prefixQuery(text);
  if (!query) return null;
  const drop = Math.min(PREFIX_SLACK, query.last.length - MIN_SHORTENED_PREFIX);
  if (drop < 1) return null;
  return { head: query.head, last: query.last.slice(0, query.last.length - drop) };
}

/** The typo fallback forgives words this long at least (shorter ones are one edit from too many words)... */
export const TYPO_WORD_MIN = 5;
/** ...and this long at most (the dictionary keeps words of up to one more), in a text of at most this many words.
 *  So one lookup asks the dictionary for at most TYPO_WORDS_MAX × (TYPO_WORD_MAX + 1) forms. */
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

/** The word with each one of its letters dropped. A word one edit away from another (a letter added, dropped or
 *  changed, or two neighbours swapped) is one of the other's forms, or shares one with it. */
export function deletions(word: string): string[] {
  const letters = [...word];
  return [...new Set(letters.map((_, i) => [...letters.slice(0, i), ...letters.slice(i + 1)].join('')))];
}

/** Edits between two words: letters added, dropped or changed, and neighbours swapped, each counting one (the
 *  optimal string alignment distance). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  // Three rows of the table: two back (for a swap), the previous and the current.
  let before = new Array<number>(y.length + 1).fill(0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const change = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + change);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2] + 1);
      current.push(best);
    }
    [before, previous] = [previous, current];
  }
  return previous[y.length];
}

/** A dictionary word and the number of published titles that hold it. */
export interface KnownWord {
  word: string;
  titles: number;
}

/**
 * Each word corrected to the dictionary word one edit from it that the most titles hold (then the first in
 * alphabetical order), when it is not itself in the dictionary; a word with no such neighbour, or too short or long
 * to forgive, stands. Null when nothing changed.
 */
export function correctWords(words: string[], known: KnownWord[]): string[] | null {
  const forgiven = new Set(typoWords(words));
  const inDictionary = new Set(known.map((k) => k.word));
  let changed = false;
  const corrected = words.map((word) => {
    if (!forgiven.has(word) || inDictionary.has(word)) return word;
    const best = known
      .filter((k) => editDistance(word, k.word) === 1)
      .sort((a, b) => b.titles - a.titles || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))[0];
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? corrected : null;
}
