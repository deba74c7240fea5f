CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bug_tags" (
	"bug_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bug_tags_bug_id_tag_pk" PRIMARY KEY("bug_id","tag")
);
--> statement-breakpoint
CREATE TABLE "bug_votes" (
	"user_id" uuid NOT NULL,
	"solution_id" uuid NOT NULL,
	"value" smallint NOT NULL,
	"previous" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "bug_votes_user_id_solution_id_pk" PRIMARY KEY("user_id","solution_id")
);
--> statement-breakpoint
DROP INDEX "bugs_created_idx";--> statement-breakpoint
DROP INDEX "bugs_user_idx";--> statement-breakpoint
ALTER TABLE "bug_comments" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bug_comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bugs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bugs" ADD COLUMN "accepted_solution_id" uuid;--> statement-breakpoint
ALTER TABLE "bugs" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bugs" ADD COLUMN "lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "bugs" ADD COLUMN "lesson_at" double precision;--> statement-breakpoint
ALTER TABLE "bugs" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bug_tags" ADD CONSTRAINT "bug_tags_bug_id_bugs_id_fk" FOREIGN KEY ("bug_id") REFERENCES "public"."bugs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bug_votes" ADD CONSTRAINT "bug_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bug_votes" ADD CONSTRAINT "bug_votes_solution_id_bug_comments_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."bug_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bug_tags_tag_created_idx" ON "bug_tags" USING btree ("tag","created_at","bug_id");--> statement-breakpoint
CREATE INDEX "bug_votes_solution_idx" ON "bug_votes" USING btree ("solution_id");--> statement-breakpoint
ALTER TABLE "bugs" ADD CONSTRAINT "bugs_accepted_solution_id_bug_comments_id_fk" FOREIGN KEY ("accepted_solution_id") REFERENCES "public"."bug_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bugs" ADD CONSTRAINT "bugs_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bug_comments_bug_score_idx" ON "bug_comments" USING btree ("bug_id","score","created_at","id");--> statement-breakpoint
CREATE INDEX "bugs_unsolved_idx" ON "bugs" USING btree ("created_at","id") WHERE accepted_solution_id is null;--> statement-breakpoint
CREATE INDEX "bugs_lesson_idx" ON "bugs" USING btree ("lesson_id","lesson_at");--> statement-breakpoint
CREATE INDEX "bugs_search_idx" ON "bugs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "bugs_title_search_idx" ON "bugs" USING gin (to_tsvector('english', "title"));--> statement-breakpoint
CREATE INDEX "bugs_created_idx" ON "bugs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bugs_user_idx" ON "bugs" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- The key that signs list cursors: 244 random bits, made once, shared by every process.
INSERT INTO "app_secrets" ("name", "value") VALUES ('cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')) ON CONFLICT DO NOTHING;
