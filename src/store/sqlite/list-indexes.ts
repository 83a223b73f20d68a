/**
 * Migration 11: an index for every list's order, so a keyset page (keyset.ts) is one seek.
 * Custom factors and the factor library are listed by their whole list order, which ends with
 * the id. Consumptions need none: they are listed by (start_date, rowid), which
 * consumptions_by_company (company_ref, start_date, and the rowid SQLite appends) already holds
 * for each company, and a list over every company merges the companies' keysets.
 */
export const LIST_INDEXES = `
DROP INDEX custom_factors_by_company;
CREATE INDEX custom_factors_in_order
  ON custom_factors (company_ref, category_ref, basis, ifnull(year, 0), created_at, id);
CREATE INDEX emission_factors_in_order
  ON emission_factors (key, ifnull(country, ''), year, priority, id);
`;
