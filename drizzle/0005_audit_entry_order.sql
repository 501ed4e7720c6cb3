-- The order audit entries were written in, to tell apart entries of the same moment. Existing
-- entries are numbered as they are stored.
ALTER TABLE "audit_entries" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);