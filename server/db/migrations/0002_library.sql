-- pg_trgm gives the search its typo tolerance; PGlite loads it in open.ts, PostgreSQL 13+ trusts it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "article_passages" (
	"article_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "article_passages"."text")) STORED NOT NULL,
	CONSTRAINT "article_passages_article_id_position_pk" PRIMARY KEY("article_id","position")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_id" integer,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"reading_minutes" integer NOT NULL,
	"body_md" text NOT NULL,
	"body_text" text NOT NULL,
	"html" text NOT NULL,
	"toc" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "audio" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"duration_s" real,
	"bytes" integer,
	"peaks" jsonb,
	"voice" text,
	"content_hash" text NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"is_main" boolean NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	CONSTRAINT "categories_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "library_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_passages" ADD CONSTRAINT "article_passages_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_sub_category_id_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio" ADD CONSTRAINT "audio_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_passages_search_idx" ON "article_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "categories_parent_id_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "library_terms_term_trgm_idx" ON "library_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- The search document: title weighs most (A), then tags and summary (B), then the body (C).
-- A trigger rather than a generated column: array_to_string is not immutable.
CREATE FUNCTION articles_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search :=
		setweight(to_tsvector('english', NEW.title), 'A') ||
		setweight(to_tsvector('english', array_to_string(NEW.tags, ' ') || ' ' || NEW.summary), 'B') ||
		setweight(to_tsvector('english', NEW.body_text), 'C');
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER articles_search_update BEFORE INSERT OR UPDATE OF title, tags, summary, body_text ON articles
	FOR EACH ROW EXECUTE FUNCTION articles_search_update();
