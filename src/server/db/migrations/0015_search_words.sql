-- The typo-tolerant search's dictionary of published title words (schema.ts, searchWords). A title's words are
-- split as the search splits a typed text (search-words.ts): NFKC, lower case, letters and digits kept, split at
-- spaces; only words of 4 to 25 letters are kept (a typed word is forgiven from 5 letters, one edit away).
CREATE FUNCTION search_title_words(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word
  FROM regexp_split_to_table(
    regexp_replace(lower(normalize(title, NFKC)), '[^[:alpha:][:digit:][:space:]]+', '', 'g'),
    '[[:space:]]+'
  ) AS word
  WHERE length(word) BETWEEN 4 AND 25
$$;--> statement-breakpoint
-- Each form of the word with one letter dropped: two words one edit apart share one of these (or one is a form of
-- the other), so the GIN index on them finds a mistyped word's candidates.
CREATE FUNCTION search_word_deletions(word text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(SELECT DISTINCT left(word, i - 1) || substr(word, i + 1) FROM generate_series(1, length(word)) AS i)
$$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"titles" integer NOT NULL,
	"deletions" text[] GENERATED ALWAYS AS (search_word_deletions(word)) STORED NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_title_trgm_idx";--> statement-breakpoint
DROP INDEX "tutorials_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_deletions_idx" ON "search_words" USING gin ("deletions");--> statement-breakpoint
-- Counts the words of published titles that a statement added and removed; a word no published title holds leaves.
-- Words are upserted in order, so two writers that share words lock them in the same order.
CREATE FUNCTION search_words_count(added text[], removed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas integer[];
BEGIN
  SELECT coalesce(array_agg(word ORDER BY word), '{}'), coalesce(array_agg(delta ORDER BY word), '{}')
  INTO words, deltas
  FROM (
    SELECT w.word, sum(t.delta)::integer AS delta
    FROM (SELECT unnest(added) AS title, 1 AS delta UNION ALL SELECT unnest(removed), -1) AS t
    CROSS JOIN LATERAL search_title_words(t.title) AS w(word)
    GROUP BY w.word
    HAVING sum(t.delta) <> 0
  ) AS changed;
  IF cardinality(words) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO search_words AS s (word, titles)
  SELECT word, delta FROM unnest(words, deltas) AS c(word, delta) ORDER BY word
  ON CONFLICT (word) DO UPDATE SET titles = s.titles + excluded.titles;
  DELETE FROM search_words WHERE word = ANY(words) AND titles <= 0;
END
$$;--> statement-breakpoint
-- After each statement on courses or tutorials: its published rows' titles before and after.
CREATE FUNCTION search_words_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_words_count(array(SELECT title FROM new_rows WHERE status = 'published'), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_words_count(
      array(SELECT title FROM new_rows WHERE status = 'published'),
      array(SELECT title FROM old_rows WHERE status = 'published')
    );
  ELSE
    PERFORM search_words_count('{}', array(SELECT title FROM old_rows WHERE status = 'published'));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Counts every published title again (a TRUNCATE, and this migration's first fill).
CREATE FUNCTION search_words_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_words;
  INSERT INTO search_words (word, titles)
  SELECT w.word, count(*)
  FROM (
    SELECT title FROM courses WHERE status = 'published'
    UNION ALL
    SELECT title FROM tutorials WHERE status = 'published'
  ) AS t
  CROSS JOIN LATERAL search_title_words(t.title) AS w(word)
  GROUP BY w.word;
$$;--> statement-breakpoint
CREATE FUNCTION search_words_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER courses_search_words_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_write();--> statement-breakpoint
CREATE TRIGGER courses_search_words_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_write();--> statement-breakpoint
CREATE TRIGGER courses_search_words_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_write();--> statement-breakpoint
CREATE TRIGGER courses_search_words_truncate AFTER TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_truncate();--> statement-breakpoint
CREATE TRIGGER tutorials_search_words_insert AFTER INSERT ON tutorials REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_write();--> statement-breakpoint
CREATE TRIGGER tutorials_search_words_update AFTER UPDATE ON tutorials REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_write();--> statement-breakpoint
CREATE TRIGGER tutorials_search_words_delete AFTER DELETE ON tutorials REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_write();--> statement-breakpoint
CREATE TRIGGER tutorials_search_words_truncate AFTER TRUNCATE ON tutorials
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_truncate();--> statement-breakpoint
SELECT search_words_rebuild();
