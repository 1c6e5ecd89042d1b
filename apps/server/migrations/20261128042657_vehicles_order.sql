DROP INDEX "vehicles_household_idx";--> statement-breakpoint
CREATE INDEX "vehicles_household_idx" ON "vehicles" USING btree ("household_id","year" DESC NULLS LAST,"created_at","id");