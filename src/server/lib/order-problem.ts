// A proposed order of a list (a course's lessons, a lesson's practice items) must name each of its ids exactly once.

/** How the refusal names the list: `all` is e.g. "the course's 3 lessons", `stranger` what an unknown id is not. */
export interface OrderWords {
  all: string;
  stranger: string;
  missing: string;
}

/** What is wrong with a proposed order, or null when it names each known id exactly once. */
export function orderProblem(knownIds: string[], proposed: string[], words: OrderWords): string | null {
  const known = new Set(knownIds);
  const seen = new Set<string>();
  const duplicate = new Set<string>();
  const extra: string[] = [];
  for (const id of proposed) {
    if (seen.has(id)) duplicate.add(id);
    seen.add(id);
    if (!known.has(id)) extra.push(id);
  }
  const missing = knownIds.filter((id) => !seen.has(id));
  const problems = [
    duplicate.size ? `duplicate ids: ${[...duplicate].join(', ')}` : '',
    extra.length ? `ids that are not ${words.stranger}: ${extra.join(', ')}` : '',
    missing.length ? `missing ${words.missing}: ${missing.join(', ')}` : '',
  ].filter(Boolean);
  return problems.length ? `ids must list each of ${words.all} exactly once: ${problems.join('; ')}` : null;
}
