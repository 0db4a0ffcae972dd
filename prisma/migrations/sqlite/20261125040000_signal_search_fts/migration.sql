-- Signal search (listSignals q, the "Search signals, companies, or sources..." box) is a
-- case-insensitive substring match over description, companyName and source. SQLite answers LIKE
-- '%term%' only by reading rows, so a rare term read every signal (seconds at a million rows). An
-- FTS5 index with the trigram tokenizer finds the rows containing any substring of three characters
-- or more; listSignals uses it to narrow a rare term to its candidate rows and then applies the same
-- LIKE filter, so results are identical. It is an external-content index over "Signal" (rowid),
-- kept in step by the triggers below. Not in schema.prisma (it keeps to features both providers
-- share), so datamodel diffs neither see nor drop it; a later migration that redefines the "Signal"
-- table (SQLite's copy-and-rename) must recreate these triggers and run the 'rebuild' below again.
CREATE VIRTUAL TABLE IF NOT EXISTS "SignalSearch" USING fts5(
  "description", "companyName", "source",
  content='Signal', content_rowid='rowid', tokenize='trigram'
);

CREATE TRIGGER IF NOT EXISTS "Signal_search_ai" AFTER INSERT ON "Signal" BEGIN
  INSERT INTO "SignalSearch"(rowid, "description", "companyName", "source") VALUES (new.rowid, new."description", new."companyName", new."source");
END;

CREATE TRIGGER IF NOT EXISTS "Signal_search_ad" AFTER DELETE ON "Signal" BEGIN
  INSERT INTO "SignalSearch"("SignalSearch", rowid, "description", "companyName", "source") VALUES ('delete', old.rowid, old."description", old."companyName", old."source");
END;

CREATE TRIGGER IF NOT EXISTS "Signal_search_au" AFTER UPDATE OF "description", "companyName", "source" ON "Signal" BEGIN
  INSERT INTO "SignalSearch"("SignalSearch", rowid, "description", "companyName", "source") VALUES ('delete', old.rowid, old."description", old."companyName", old."source");
  INSERT INTO "SignalSearch"(rowid, "description", "companyName", "source") VALUES (new.rowid, new."description", new."companyName", new."source");
END;

INSERT INTO "SignalSearch"("SignalSearch") VALUES ('rebuild');
