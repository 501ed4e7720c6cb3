-- Data, not schema: the rejection reasons a new installation starts with (response-times/).
-- Their ids are fixed (shared/response-times/response-times-contract.ts, SEEDED_REJECTION_REASONS)
-- so an upgraded database and a new one agree; administrators rename, retire or add to them.
INSERT INTO "rejection_reasons" ("id", "label", "created_at") VALUES
  ('5eed0000-0000-4000-8000-000000000001', 'Did not meet essential criteria', now()),
  ('5eed0000-0000-4000-8000-000000000002', 'Another candidate was a better match', now() + interval '1 millisecond'),
  ('5eed0000-0000-4000-8000-000000000003', 'Position filled', now() + interval '2 millisecond'),
  ('5eed0000-0000-4000-8000-000000000004', 'Withdrawn by us', now() + interval '3 millisecond')
ON CONFLICT ("id") DO NOTHING;
