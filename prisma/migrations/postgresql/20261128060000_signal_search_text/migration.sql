-- Signal search looks a term up in one text per signal (lib/signals/search-index.ts, searchTextSql):
-- description, company name and source, lower case, one line each. One trigram index on it replaces
-- the search's three per column: a search reads one posting list per trigram instead of three, and
-- checks each row it finds with one LIKE on lower-case text instead of an ILIKE per column. The
-- expression here must stay the one searchTextSql writes: the planner uses an expression index only
-- for a query that repeats its expression. Like the indexes it replaces, it is not in schema.prisma.
-- The index on source stays: the data sources page counts signals by a source prefix (LIKE 'SEC
-- EDGAR%'), which it answers without reading the table.
CREATE INDEX IF NOT EXISTS "Signal_search_trgm_idx" ON "Signal" USING gin ((lower("description" || E'\n' || "companyName" || E'\n' || "source")) gin_trgm_ops);

DROP INDEX IF EXISTS "Signal_description_trgm_idx";

DROP INDEX IF EXISTS "Signal_companyName_trgm_idx";
