/**
 * Consumption writes checked a statement at a time instead of a row at a time. A bulk import
 * writes thousands of rows per statement; a foreign key checks (and locks) the row it names for
 * each of them, and a row-level trigger runs its function for each of them. Here:
 *
 * - The company's key needs no check of its own: the building's, (company_ref, building_ref)
 *   into buildings, whose company_ref is a key into companies, implies it.
 * - The category and the calculation record a row names are checked once per statement, over
 *   the distinct keys of its new rows. Both tables only grow: a statement trigger refuses to
 *   delete from them (or truncate them), so what the check found stays there, as a foreign
 *   key's lock would keep it.
 * - Certificate marks (certificate-cover.ts) for inserted and deleted electricity rows are
 *   taken once per statement, per distinct building; an update keeps its row-level trigger,
 *   which fires only when a column it names changes.
 *
 * The building's key and the custom input's stay foreign keys: those rows are a company's and
 * may be deleted or moved beside an import.
 */
import { ELECTRICITY } from "./certificate-cover.js";
import type { PoolClient } from "./database.js";

/** Migration 6. */
export const CONSUMPTION_CHECKS = `
ALTER TABLE consumptions DROP CONSTRAINT consumptions_company_ref_fkey;
ALTER TABLE consumptions DROP CONSTRAINT consumptions_category_ref_fkey;
ALTER TABLE consumptions DROP CONSTRAINT consumptions_provenance_ref_fkey;

CREATE FUNCTION consumption_keys_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  SELECT r.ref INTO missing
    FROM (SELECT DISTINCT category_ref AS ref FROM new_rows) r
    WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.ref = r.ref) LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('consumptions name category %s, which categories does not hold', missing),
      TABLE = 'consumptions';
  END IF;
  SELECT r.ref INTO missing
    FROM (SELECT DISTINCT provenance_ref AS ref FROM new_rows WHERE provenance_ref IS NOT NULL) r
    WHERE NOT EXISTS (SELECT 1 FROM emission_provenance p WHERE p.ref = r.ref) LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('consumptions name calculation record %s, which emission_provenance does not hold', missing),
      TABLE = 'consumptions';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER consumption_keys_inserted AFTER INSERT ON consumptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_keys_check();
CREATE TRIGGER consumption_keys_updated AFTER UPDATE ON consumptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_keys_check();

CREATE FUNCTION rows_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE restrict_violation USING
    MESSAGE = format('%s only grows: consumptions name its rows', TG_TABLE_NAME);
END $$;
CREATE TRIGGER categories_kept BEFORE DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION rows_kept();
CREATE TRIGGER emission_provenance_kept BEFORE DELETE OR TRUNCATE ON emission_provenance
  FOR EACH STATEMENT EXECUTE FUNCTION rows_kept();

DROP TRIGGER certificate_electricity_inserted ON consumptions;
DROP TRIGGER certificate_electricity_deleted ON consumptions;
CREATE FUNCTION certificate_marks_electricity_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  electricity bigint := ${ELECTRICITY};
BEGIN
  -- In key order, so two writers marking the same buildings take their rows in one order.
  PERFORM certificate_mark(r.company_ref, r.building_ref)
    FROM (SELECT DISTINCT company_ref, building_ref FROM changed_rows
          WHERE category_ref = electricity ORDER BY 1, 2) r
    WHERE certificate_held(r.company_ref, r.building_ref);
  RETURN NULL;
END $$;
CREATE TRIGGER certificate_electricity_inserted AFTER INSERT ON consumptions
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_marks_electricity_rows();
CREATE TRIGGER certificate_electricity_deleted AFTER DELETE ON consumptions
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_marks_electricity_rows();
`;

export async function checkConsumptionsBySet(client: PoolClient): Promise<void> {
  await client.query(CONSUMPTION_CHECKS);
}
