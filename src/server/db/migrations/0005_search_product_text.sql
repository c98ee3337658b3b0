-- Search (features/search): one trigram index over the text each kind of result is found by, so
-- that each word of a query is one indexed condition (`text ILIKE '%word%'`), ANDed across words.
CREATE INDEX IF NOT EXISTS "products_search_text_trgm_idx" ON "products" USING gin (("name" || ' ' || "brand") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_search_text_trgm_idx" ON "profiles" USING gin ((coalesce("username", '') || ' ' || coalesce("display_name", '')) gin_trgm_ops);
