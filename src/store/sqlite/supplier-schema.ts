/**
 * Migration 4: suppliers and clients (docs/suppliers.md). `type` is the spec's unnamed kind.
 * One externalId names one supplier within a company (partial unique index: rows without one
 * are not constrained).
 */
export const SUPPLIERS_SCHEMA = `
CREATE TABLE suppliers (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  type TEXT NOT NULL CHECK (type IN ('suppliers', 'clients')),
  name TEXT NOT NULL,
  email TEXT,
  address TEXT,
  external_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX suppliers_by_external_id ON suppliers (company_ref, external_id)
  WHERE external_id IS NOT NULL;
CREATE INDEX suppliers_by_company ON suppliers (company_ref, name, id);
CREATE INDEX suppliers_by_name ON suppliers (name, id);
`;
