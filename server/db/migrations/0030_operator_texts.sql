CREATE TABLE "operator_texts" (
	"subject" text NOT NULL,
	"ref" text NOT NULL,
	"field" text NOT NULL,
	"lang" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_texts_subject_ref_field_lang_pk" PRIMARY KEY("subject","ref","field","lang")
);
