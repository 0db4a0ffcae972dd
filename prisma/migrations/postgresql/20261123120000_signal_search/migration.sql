-- Signal search (listSignals q, the "Search signals, companies, or sources..." box) is a
-- case-insensitive substring match (ILIKE) over description, companyName and source. Without an
-- index a rare term reads every signal: about a second at a million rows. Trigram GIN indexes
-- (pg_trgm) answer the same ILIKE for terms of three characters or more with identical results,
-- and the planner still walks the detectedAt index for common terms, where a page fills at once.
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database owner may
-- install it. These indexes are not in schema.prisma (it keeps to features both providers share),
-- so later datamodel diffs neither see nor drop them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS "Signal_description_trgm_idx" ON "Signal" USING gin ("description" gin_trgm_ops);

CREATE INDEX IF NOT EXISTS "Signal_companyName_trgm_idx" ON "Signal" USING gin ("companyName" gin_trgm_ops);

CREATE INDEX IF NOT EXISTS "Signal_source_trgm_idx" ON "Signal" USING gin ("source" gin_trgm_ops);
