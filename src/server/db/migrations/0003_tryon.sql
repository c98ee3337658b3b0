CREATE TABLE "ai_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"output_url" text,
	"output_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"model" text,
	"subject_bucket" text NOT NULL,
	"subject_path" text NOT NULL,
	"garment_bucket" text NOT NULL,
	"garment_path" text NOT NULL,
	"product_id" uuid,
	"request_payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"task_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "style_collection_items" (
	"collection_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "style_collection_items_collection_id_result_id_pk" PRIMARY KEY("collection_id","result_id")
);
--> statement-breakpoint
CREATE TABLE "style_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tryon_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"generation_id" uuid,
	"product_id" uuid,
	"base_photo_url" text NOT NULL,
	"product_photo_url" text NOT NULL,
	"result_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_path" text NOT NULL,
	"file_url" text NOT NULL,
	"original_filename" text,
	"file_size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"photo_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_runware_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"number_results" integer NOT NULL,
	"output_format" text NOT NULL,
	"prompt_template" text NOT NULL,
	"custom_json" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_collection_items" ADD CONSTRAINT "style_collection_items_collection_id_style_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."style_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_collection_items" ADD CONSTRAINT "style_collection_items_result_id_tryon_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."tryon_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_collections" ADD CONSTRAINT "style_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tryon_results" ADD CONSTRAINT "tryon_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tryon_results" ADD CONSTRAINT "tryon_results_generation_id_ai_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."ai_generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tryon_results" ADD CONSTRAINT "tryon_results_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_runware_settings" ADD CONSTRAINT "user_runware_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_generations_user_created_idx" ON "ai_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_generations_status_idx" ON "ai_generations" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "style_collections_user_idx" ON "style_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tryon_results_user_created_idx" ON "tryon_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_photos_user_type_idx" ON "user_photos" USING btree ("user_id","photo_type","created_at");