// How a search text splits into words, the same on the server (the tsquery, the typo dictionary's lookup) and in the
// web app (the words it marks in the hits).

/** More words than this add nothing to a search box query and only cost planning time. */
export const MAX_WORDS = 16;
/** No dictionary word is longer; PostgreSQL also rejects lexemes over 2 KB. */
export const MAX_WORD_LENGTH = 64;

/** The words of a search text: NFKC, lower case, each stripped of everything but letters and digits, empty ones
 *  dropped, at most MAX_WORDS of at most MAX_WORD_LENGTH characters. */
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
