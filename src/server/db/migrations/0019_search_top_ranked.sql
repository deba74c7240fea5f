-- Each tier of a fallback attempt takes its first `results` by rank with a top-N sort and numbers only those, as the
-- search service now ranks the words as typed (search.service.ts, `tiers`): numbering every candidate sorted them
-- all, their text with them. The same hits in the same order as 0018's search_attempt, which this replaces.
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
  END IF;
  RETURN QUERY
  WITH course_title AS (
    SELECT t.id, t.title, t.text, t.picture, row_number() OVER (ORDER BY t.rank DESC, t.position, t.id) AS n
    FROM (
      SELECT c.id, c.title, c.text, c.picture, c.position, ts_rank(c.search, ranking) AS rank
      FROM (
        SELECT r.id, r.title, r.description AS text, r.cover AS picture, r.position, r.search FROM courses AS r
        WHERE to_tsvector('english', r.title) @@ finding AND r.status = 'published'
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
        WHERE to_tsvector('english', r.title) @@ finding AND r.status = 'published'
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
