-- A one-letter last word ('python d', typed on the way to 'python django') is found through the initials of the lexemes
-- instead of as a prefix. A GIN index reads the whole posting list of every lexeme a prefix covers before it can AND
-- it with the other words, and a one-letter prefix covers a large share of all lexemes: 'garbage c' read about 8 ms
-- per table at 100,000 rows. Each row's `search` and `title_search` now also hold, as lexemes of their own, the
-- initials of their lexemes (' c' for 'collector' and 'code'), so that the index skips through the few rows of the
-- other words instead (under 1 ms).
--
-- Title matches are found by a stored tsvector of the title alone (title_search) instead of an index on
-- to_tsvector(title): a match read row by row, as the planner reads a short, common prefix from the start of the table
-- until it has its candidates, then reads the stored lexemes where the expression parsed each title again (2 ms
-- against 10 ms for 'p:*' at 100,000 titles).

-- The tsvector with, beside its lexemes (their weights and positions kept), each of their initials as a lexeme of its
-- own: a space and the initial. The parser never makes a lexeme with a space and a typed word never starts with one,
-- so the initials match only the queries search_initial_query makes, and a prefix query never matches them.
CREATE FUNCTION search_initials(v tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT v || array_to_tsvector(array(SELECT DISTINCT ' ' || left(l, 1) FROM unnest(tsvector_to_array(v)) AS l))
$$;--> statement-breakpoint
-- The query that finds exactly the rows `head & letter:*` matches, through the initials: the head's words and the
-- letter's initial. Null when the letter is not a lexeme of its own as a prefix (a stop word such as 'a'), and the
-- caller keeps the prefix query. Immutable, so that a statement with constant arguments has it folded when planned.
CREATE FUNCTION search_initial_query(config regconfig, head text[], letter text) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  initial tsquery;
BEGIN
  IF char_length(letter) <> 1
    OR to_tsquery(config, search_quoted_lexeme(letter) || ':*') <> (search_quoted_lexeme(letter) || ':*')::tsquery THEN
    RETURN NULL;
  END IF;
  initial := search_quoted_lexeme(' ' || letter)::tsquery;
  IF cardinality(head) > 0 THEN
    RETURN to_tsquery(config, array_to_string(head, ' & ')) && initial;
  END IF;
  RETURN initial;
END
$$;--> statement-breakpoint
DROP INDEX "courses_title_search_idx";--> statement-breakpoint
DROP INDEX "tutorials_title_search_idx";--> statement-breakpoint
-- Dropping `search` drops its index; it is made again below.
ALTER TABLE "courses" drop column "search";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_initials(setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'B'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" drop column "search";--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (search_initials(setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g')), 'B'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (search_initials(to_tsvector('english', coalesce(title, '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (search_initials(to_tsvector('english', coalesce(title, '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_title_search_idx" ON "courses" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "tutorials_title_search_idx" ON "tutorials" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tutorials_search_idx" ON "tutorials" USING gin ("search");--> statement-breakpoint
-- search_lexemes holds every lexeme of every row (0017): the initials of the rows already there too.
INSERT INTO search_lexemes (lexeme)
SELECT lexeme FROM courses, unnest(tsvector_to_array(courses.search)) AS lexeme WHERE lexeme LIKE ' %'
UNION
SELECT lexeme FROM tutorials, unnest(tsvector_to_array(tutorials.search)) AS lexeme WHERE lexeme LIKE ' %'
ORDER BY lexeme
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- search_attempt as in 0019, its title tiers on title_search and a one-letter last word found through the initials.
CREATE OR REPLACE FUNCTION search_attempt(
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
  ELSIF length(last) = 1 THEN
    finding := coalesce(search_initial_query('english', head, last), ranking);
  END IF;
  RETURN QUERY
  WITH course_title AS (
    SELECT t.id, t.title, t.text, t.picture, row_number() OVER (ORDER BY t.rank DESC, t.position, t.id) AS n
    FROM (
      SELECT c.id, c.title, c.text, c.picture, c.position, ts_rank(c.search, ranking) AS rank
      FROM (
        SELECT r.id, r.title, r.description AS text, r.cover AS picture, r.position, r.search FROM courses AS r
        WHERE r.title_search @@ finding AND r.status = 'published'
        LIMIT title_candidates
      ) AS c
      ORDER BY rank DESC, c.position, c.id
      LIMIT results
    ) AS t
  ), course_text AS (
    SELECT t.id, t.title, t.text, t.picture, row_number() OVER (ORDER BY t.rank DESC, t.position, t.id) AS n
    FROM (
      SELECT c.id, c.title, c.text, c.picture, c.position, ts_rank(c.search, ranking) AS rank
      FROM (
        SELECT r.id, r.title, r.description AS text, r.cover AS picture, r.position, r.search FROM courses AS r
        WHERE r.search @@ finding AND NOT (r.search @@ in_title) AND r.status = 'published'
        LIMIT text_candidates
      ) AS c
      ORDER BY rank DESC, c.position, c.id
      LIMIT (SELECT results - count(*) FROM course_title)
    ) AS t
  ), tutorial_title AS (
    SELECT t.id, t.title, t.text, t.picture, row_number() OVER (ORDER BY t.rank DESC, t.position, t.id) AS n
    FROM (
      SELECT c.id, c.title, c.text, c.picture, c.position, ts_rank(c.search, ranking) AS rank
      FROM (
        SELECT r.id, r.title, r.content AS text, r.image AS picture, r.position, r.search FROM tutorials AS r
        WHERE r.title_search @@ finding AND r.status = 'published'
        LIMIT title_candidates
      ) AS c
      ORDER BY rank DESC, c.position, c.id
      LIMIT results
    ) AS t
  ), tutorial_text AS (
    SELECT t.id, t.title, t.text, t.picture, row_number() OVER (ORDER BY t.rank DESC, t.position, t.id) AS n
    FROM (
      SELECT c.id, c.title, c.text, c.picture, c.position, ts_rank(c.search, ranking) AS rank
      FROM (
        SELECT r.id, r.title, r.content AS text, r.image AS picture, r.position, r.search FROM tutorials AS r
        WHERE r.search @@ finding AND NOT (r.search @@ in_title) AND r.status = 'published'
        LIMIT text_candidates
      ) AS c
      ORDER BY rank DESC, c.position, c.id
      LIMIT (SELECT results - count(*) FROM tutorial_title)
    ) AS t
  )
  SELECT attempt, 'course', 0, t.n, t.id, t.title, t.text, t.picture FROM course_title AS t
  UNION ALL SELECT attempt, 'course', 1, t.n, t.id, t.title, t.text, t.picture FROM course_text AS t
  UNION ALL SELECT attempt, 'tutorial', 0, t.n, t.id, t.title, t.text, t.picture FROM tutorial_title AS t
  UNION ALL SELECT attempt, 'tutorial', 1, t.n, t.id, t.title, t.text, t.picture FROM tutorial_text AS t;
END
$$;
