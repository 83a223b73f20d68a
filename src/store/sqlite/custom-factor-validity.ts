/**
 * Migration 45: a custom factor's validity is a range of days, `valid_from` to `valid_to`
 * (`YYYY-MM-DD`, both included, null: open), instead of one calendar year. A factor of year Y
 * becomes Y-01-01 to Y-12-31, one of every year (null) open at both ends: what each meant.
 * The list order (index custom_factors_in_order) follows the validity's first day.
 */
export const CUSTOM_FACTOR_VALIDITY_SCHEMA = `
ALTER TABLE custom_factors ADD COLUMN valid_from TEXT;
ALTER TABLE custom_factors ADD COLUMN valid_to TEXT;
UPDATE custom_factors SET valid_from = printf('%04d-01-01', year), valid_to = printf('%04d-12-31', year)
  WHERE year IS NOT NULL;
DROP INDEX custom_factors_in_order;
ALTER TABLE custom_factors DROP COLUMN year;
CREATE INDEX custom_factors_in_order
  ON custom_factors (company_ref, category_ref, basis, ifnull(valid_from, ''), created_at, id);
`;
