CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"title" text NOT NULL,
	"fields" jsonb NOT NULL,
	"by_id" uuid,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "working" jsonb;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "preview_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "working" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "preview_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "working" jsonb;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "preview_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "working" jsonb;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "preview_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("kind","item_id","at");