ALTER TABLE "exercise_submissions" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_progress" ADD COLUMN "submissions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Kept submissions are numbered in the order they were made, and each learner's count is kept beside their code.
UPDATE "exercise_submissions" AS s SET "seq" = n.seq
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "exercise_id" ORDER BY "created_at", "id") AS seq
  FROM "exercise_submissions"
) AS n
WHERE n."id" = s."id";--> statement-breakpoint
INSERT INTO "practice_progress" ("user_id", "item_id", "submissions")
SELECT "user_id", "exercise_id", max("seq") FROM "exercise_submissions" GROUP BY "user_id", "exercise_id"
ON CONFLICT ("user_id", "item_id") DO UPDATE SET "submissions" = excluded."submissions";
