-- What search asks when the words as typed match nothing, in the same statement as the words as typed: each mistyped
-- word corrected from the dictionary of published title words (0015), and the attempts that follow in turn. All in
-- PL/pgSQL, which keeps its plans for the session: the statement plans one function call, where the same attempts
-- as CTEs would be planned at every search, found or not (about 1.3 ms each on PGlite).

-- Whether `b` is one edit from `a`: a letter added, dropped or changed, or two neighbours swapped (an optimal string
-- alignment distance of exactly 1). Letters are characters, as the search splits them.
CREATE FUNCTION search_one_edit(a text, b text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  la integer := length(a);
  lb integer := length(b);
  i integer := 1;
BEGIN
  IF abs(la - lb) > 1 OR a = b THEN
    RETURN false;
  END IF;
  -- The first letter where they differ; what follows must be the same but for that one edit.
  WHILE i <= least(la, lb) AND substr(a, i, 1) = substr(b, i, 1) LOOP
    i := i + 1;
  END LOOP;
  IF la > lb THEN
    RETURN substr(a, i + 1) = substr(b, i);
  ELSIF la < lb THEN
    RETURN substr(a, i) = substr(b, i + 1);
  END IF;
  RETURN substr(a, i + 1) = substr(b, i + 1)
    OR (substr(a, i, 1) = substr(b, i + 1, 1) AND substr(a, i + 1, 1) = substr(b, i, 1)
      AND substr(a, i + 2) = substr(b, i + 2));
END
$$;--> statement-breakpoint
-- The dictionary word one edit from `word` that the most published titles hold (then the first in code point order),
-- or null when `word` is itself in the dictionary or has no such neighbour. Two words one edit apart are one of the
-- other's one-letter-dropped forms or share one, so the candidates come from one lookup in the `deletions` GIN index;
-- at most 200 are read, which only bounds a worst case.
CREATE FUNCTION search_correction(word text) RETURNS text LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  forms text[] := word || search_word_deletions(word);
BEGIN
  IF EXISTS (SELECT FROM search_words AS s WHERE s.word = search_correction.word) THEN
    RETURN NULL;
  END IF;
  RETURN (
    SELECT c.word FROM (
      SELECT s.word, s.titles FROM search_words AS s WHERE s.word = ANY(forms) OR s.deletions && forms LIMIT 200
    ) AS c
    WHERE search_one_edit(search_correction.word, c.word)
    ORDER BY c.titles DESC, c.word COLLATE "C"
    LIMIT 1
  );
END
$$;--> statement-breakpoint
-- The words with the last one shortened by up to `slack` letters, keeping at least `shortest` (a prefix typed past
-- the English stem of its word, 'learni' for 'learn', matches again), as one string of words; null when the last
-- word is too short to shorten.
CREATE FUNCTION search_shortened(words text[], slack integer, shortest integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN least(slack, length(words[cardinality(words)]) - shortest) >= 1 THEN
    array_to_string(
      words[1:cardinality(words) - 1]
        || left(words[cardinality(words)], length(words[cardinality(words)]) - least(slack, length(words[cardinality(words)]) - shortest)),
      ' ')
  END
$$;--> statement-breakpoint
-- One attempt's hits, ranked exactly as the search service ranks the words as typed (search.service.ts, `tiers`):
-- `head & last:*`; for each kind its title matches (at most `title_candidates` ranked), then its matches in the text
-- alone (at most `text_candidates`) as many as the title matches leave of `results`; within each by ts_rank, then
-- position and id. Candidates are found with the last word's prefix expanded into the lexemes that exist when it is
-- `expanded_min` letters or more (search_prefix_expansion, 0017), ranked with the prefix. The tsqueries are
-- parameters of the kept plan, which so assumes few matches and takes the GIN indexes, as the service's fallback
-- attempts always did.
CREATE FUNCTION search_attempt(
  attempt integer, head text[], last text,
  expanded_max integer, expanded_min integer, title_candidates integer, text_candidates integer, results integer
) RETURNS TABLE (
  hit_attempt integer, hit_kind text, hit_tier integer, hit_n bigint,
  hit_id uuid, hit_title text, hit_text text, hit_picture text
) LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  ranking tsquery := to_tsquery('english', array_to_string(head || (last || ':*'), ' & '));
  -- The same words among the title's lexemes (weighted A in `search`): a text candidate that matches them is a title
  -- match, ranked in the title tier.
  in_title tsquery := to_tsquery('english', array_to_string(
    array(SELECT h.word || ':A' FROM unnest(head) WITH ORDINALITY AS h(word, i) ORDER BY h.i) || (last || ':*A'),
    ' & '));
  finding tsquery := ranking;
BEGIN
  IF length(last) >= expanded_min THEN
    finding := coalesce(
      search_prefix_expansion('english',
        CASE WHEN cardinality(head) > 0 THEN to_tsquery('english', array_to_string(head, ' & ')) END,
        last, expanded_max),
      ranking);
  END IF;
  RETURN QUERY
  WITH course_title AS (
    SELECT c.id, c.title, c.text, c.picture,
      row_number() OVER (ORDER BY ts_rank(c.search, ranking) DESC, c.position, c.id) AS n
    FROM (
      SELECT r.id, r.title, r.description AS text, r.cover AS picture, r.position, r.search FROM courses AS r
      WHERE to_tsvector('english', r.title) @@ finding AND r.status = 'published'
      LIMIT title_candidates
    ) AS c
    ORDER BY n LIMIT results
  ), course_text AS (
    SELECT c.id, c.title, c.text, c.picture,
      row_number() OVER (ORDER BY ts_rank(c.search, ranking) DESC, c.position, c.id) AS n
    FROM (
      SELECT r.id, r.title, r.description AS text, r.cover AS picture, r.position, r.search FROM courses AS r
      WHERE r.search @@ finding AND NOT (r.search @@ in_title) AND r.status = 'published'
      LIMIT text_candidates
    ) AS c
    ORDER BY n LIMIT (SELECT results - count(*) FROM course_title)
  ), tutorial_title AS (
    SELECT c.id, c.title, c.text, c.picture,
      row_number() OVER (ORDER BY ts_rank(c.search, ranking) DESC, c.position, c.id) AS n
    FROM (
      SELECT r.id, r.title, r.content AS text, r.image AS picture, r.position, r.search FROM tutorials AS r
      WHERE to_tsvector('english', r.title) @@ finding AND r.status = 'published'
      LIMIT title_candidates
    ) AS c
    ORDER BY n LIMIT results
  ), tutorial_text AS (
    SELECT c.id, c.title, c.text, c.picture,
      row_number() OVER (ORDER BY ts_rank(c.search, ranking) DESC, c.position, c.id) AS n
    FROM (
      SELECT r.id, r.title, r.content AS text, r.image AS picture, r.position, r.search FROM tutorials AS r
      WHERE r.search @@ finding AND NOT (r.search @@ in_title) AND r.status = 'published'
      LIMIT text_candidates
    ) AS c
    ORDER BY n LIMIT (SELECT results - count(*) FROM tutorial_title)
  )
  SELECT attempt, 'course', 0, t.n, t.id, t.title, t.text, t.picture FROM course_title AS t
  UNION ALL SELECT attempt, 'course', 1, t.n, t.id, t.title, t.text, t.picture FROM course_text AS t
  UNION ALL SELECT attempt, 'tutorial', 0, t.n, t.id, t.title, t.text, t.picture FROM tutorial_title AS t
  UNION ALL SELECT attempt, 'tutorial', 1, t.n, t.id, t.title, t.text, t.picture FROM tutorial_text AS t;
END
$$;--> statement-breakpoint
-- The hits of the first of these attempts that finds anything, numbered from 1: the words with each of `forgiven`
-- that is not in the dictionary corrected (search_correction), as typed, then with the last word shortened; then the
-- words as typed with the last word shortened (search_shortened). A correction comes before the shortening: it is the
-- narrower ('reactt' is 'react', where 'reac' also matches 'reach'). An attempt the same as one before is skipped.
-- `forgiven` may be null (no word to correct).
CREATE FUNCTION search_fallback(
  words text[], forgiven text[], slack integer, shortest integer,
  expanded_max integer, expanded_min integer, title_candidates integer, text_candidates integer, results integer
) RETURNS TABLE (
  hit_attempt integer, hit_kind text, hit_tier integer, hit_n bigint,
  hit_id uuid, hit_title text, hit_text text, hit_picture text
) LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  corrected text[] := words;
  attempts text[];
  attempt text[];
BEGIN
  IF forgiven IS NOT NULL THEN
    corrected := array(
      SELECT coalesce(CASE WHEN w.word = ANY(forgiven) THEN search_correction(w.word) END, w.word)
      FROM unnest(words) WITH ORDINALITY AS w(word, i) ORDER BY w.i);
  END IF;
  attempts := array_remove(array[
    CASE WHEN corrected <> words THEN array_to_string(corrected, ' ') END,
    CASE WHEN corrected <> words THEN search_shortened(corrected, slack, shortest) END,
    search_shortened(words, slack, shortest)
  ], NULL);
  FOR i IN 1 .. coalesce(cardinality(attempts), 0) LOOP
    CONTINUE WHEN attempts[i] = ANY(attempts[1:i - 1]);
    attempt := string_to_array(attempts[i], ' ');
    RETURN QUERY SELECT * FROM search_attempt(i, attempt[1:cardinality(attempt) - 1], attempt[cardinality(attempt)],
      expanded_max, expanded_min, title_candidates, text_candidates, results);
    IF FOUND THEN
      RETURN;
    END IF;
  END LOOP;
END
$$;
