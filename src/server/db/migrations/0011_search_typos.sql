CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutorials_title_trgm_idx" ON "tutorials" USING gin (lower("title") gin_trgm_ops);
