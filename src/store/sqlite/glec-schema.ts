/**
 * Migration 5: the tables of GLEC service footprint entries (docs/glec.md). One row per entry
 * with its totals, one row per action (leg) holding the submitted action and its calculation as
 * JSON (numbers round-trip exactly) plus the figures a query may want as columns.
 */
export const GLEC_SCHEMA = `
CREATE TABLE glec_entries (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  client_id TEXT,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  external_id TEXT NOT NULL,
  from_place TEXT NOT NULL,
  to_place TEXT NOT NULL,
  tonne_km REAL NOT NULL,
  ttw REAL NOT NULL,
  wtt REAL NOT NULL,
  wtw REAL NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX glec_entries_by_company ON glec_entries (company_ref, start_date, id);
CREATE INDEX glec_entries_by_start ON glec_entries (start_date, id);

CREATE TABLE glec_legs (
  entry_ref INTEGER NOT NULL REFERENCES glec_entries (ref) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  action_id TEXT NOT NULL,
  method TEXT NOT NULL,
  tonne_km REAL NOT NULL,
  ttw REAL NOT NULL,
  wtt REAL NOT NULL,
  wtw REAL NOT NULL,
  action TEXT NOT NULL,
  result TEXT NOT NULL,
  PRIMARY KEY (entry_ref, position)
) WITHOUT ROWID;
`;
