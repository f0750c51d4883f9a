CREATE TABLE "referral_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"beneficiary" text NOT NULL,
	"invitee" text NOT NULL,
	"level" integer NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_entry_id_unique" UNIQUE("entry_id")
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rewards_beneficiary" ON "referral_rewards" USING btree ("beneficiary","invitee");--> statement-breakpoint
CREATE INDEX "users_inviter" ON "users" USING btree ("inviter");