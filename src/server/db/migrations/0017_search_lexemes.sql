-- Every lexeme of the courses' and tutorials' `search` (schema.ts, searchLexemes), so that search can expand the
-- prefix of a text's last word ('perf:*') into the lexemes that exist ('perform' | 'perfect'). A GIN index reads the
-- whole posting list of every lexeme a prefix covers before it can AND it with the other words; exact lexemes let it
-- skip through them. Insert-only: a lexeme no row holds any more matches nothing, so the table only has to hold at
-- least the lexemes of every row, drafts included, and a delete, an unpublish or a TRUNCATE has nothing to do.
CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING spgist ("lexeme");--> statement-breakpoint
-- A lexeme as a tsquery operand: quoted, so that it is taken as it is (a quote doubled, a backslash escaped).
CREATE FUNCTION search_quoted_lexeme(lexeme text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''''
$$;--> statement-breakpoint
-- The query `head & word:*` with the prefix replaced by the OR of the lexemes that exist starting with it, when
-- there are 1 to `cap` of them; null otherwise (none, more than `cap`, or a word that is not one lexeme: a stop word),
-- and the caller keeps the prefix query. It matches exactly the rows the prefix query matches, because search_lexemes
-- holds every lexeme of every row's `search` (and of each title's tsvector, which is part of it). `head` may be null.
-- PL/pgSQL keeps its plans for the session; an SQL function would plan its body at every call.
CREATE FUNCTION search_prefix_expansion(config regconfig, head tsquery, word text, cap integer) RETURNS tsquery
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  lexemes text[] := tsvector_to_array(to_tsvector(config, word));
  known text[];
  expanded tsquery;
BEGIN
  -- The lexeme the prefix query holds: the word's one lexeme, when its prefix query is that lexeme alone.
  IF cardinality(lexemes) <> 1
    OR to_tsquery(config, search_quoted_lexeme(word) || ':*') <> (search_quoted_lexeme(lexemes[1]) || ':*')::tsquery THEN
    RETURN NULL;
  END IF;
  known := array(SELECT l.lexeme FROM search_lexemes AS l WHERE l.lexeme ^@ lexemes[1] LIMIT cap + 1);
  IF cardinality(known) NOT BETWEEN 1 AND cap THEN
    RETURN NULL;
  END IF;
  expanded := array_to_string(array(SELECT search_quoted_lexeme(k) FROM unnest(known) AS k), ' | ')::tsquery;
  RETURN coalesce(head && expanded, expanded);
END
$$;--> statement-breakpoint
-- After each insert or update on courses or tutorials: the lexemes its rows' `search` gained, added in order (two
-- writers that add the same lexemes wait for each other in the same order). An update that leaves `search` as it was
-- (a reorder, a status change, a working copy) adds nothing.
CREATE FUNCTION search_lexemes_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT lexeme FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS lexeme
    ORDER BY lexeme
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_lexemes (lexeme)
    SELECT lexeme FROM (
      SELECT lexeme FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS lexeme
      EXCEPT
      SELECT lexeme FROM old_rows, unnest(tsvector_to_array(old_rows.search)) AS lexeme
    ) AS gained
    ORDER BY lexeme
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER courses_search_lexemes_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_after_write();--> statement-breakpoint
CREATE TRIGGER courses_search_lexemes_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_after_write();--> statement-breakpoint
CREATE TRIGGER tutorials_search_lexemes_insert AFTER INSERT ON tutorials REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_after_write();--> statement-breakpoint
CREATE TRIGGER tutorials_search_lexemes_update AFTER UPDATE ON tutorials REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_after_write();--> statement-breakpoint
-- The lexemes of the rows already there.
INSERT INTO search_lexemes (lexeme)
SELECT lexeme FROM courses, unnest(tsvector_to_array(courses.search)) AS lexeme
UNION
SELECT lexeme FROM tutorials, unnest(tsvector_to_array(tutorials.search)) AS lexeme
ORDER BY lexeme;
