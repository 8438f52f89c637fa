ALTER TABLE "api_tokens" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "api_tokens" DROP COLUMN "window_count";