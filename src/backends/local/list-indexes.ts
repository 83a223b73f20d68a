/**
 * Migration 11: an index for every list's order, so a keyset page (keyset.ts) is one seek.
 * Consumptions are listed by (start_date, id), all of them or one company's; custom factors and
 * the factor library by their whole list order, which ends with the id.
 */
export const LIST_INDEXES = `
DROP INDEX consumptions_by_company;
CREATE INDEX consumptions_by_company ON consumptions (company_ref, start_date, id);
CREATE INDEX consumptions_by_start ON consumptions (start_date, id);
DROP INDEX custom_factors_by_company;
CREATE INDEX custom_factors_in_order
  ON custom_factors (company_ref, category_ref, basis, ifnull(year, 0), created_at, id);
CREATE INDEX emission_factors_in_order
  ON emission_factors (key, ifnull(country, ''), year, priority, id);
`;
