/**
 * Migration 16: invoices keyed by their id, with the company, building and supply point (CUPS)
 * they bill, in list order per company and findable by supply point. A consumption of an
 * invoice has `entity_id` = the invoice's id; the lines are kept as the JSON array the invoice
 * was saved with, so a re-save can tell which consumptions it replaces.
 */
export const INVOICES_SCHEMA = `
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies (id),
  building_id TEXT REFERENCES buildings (id),
  type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('valid', 'draft')),
  cup TEXT,
  start_date TEXT,
  end_date TEXT,
  supplier TEXT,
  total_cost REAL,
  currency TEXT,
  country_code TEXT,
  external_id TEXT,
  waste_type TEXT,
  waste_disposal_method TEXT,
  waste_operator_id TEXT,
  lines TEXT NOT NULL CHECK (json_valid(lines) AND json_type(lines) = 'array'),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX invoices_in_order ON invoices (company_id, start_date, id);
CREATE INDEX invoices_by_cup ON invoices (cup);
`;
