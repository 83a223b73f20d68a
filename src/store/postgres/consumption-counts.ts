/**
 * How many consumptions each company has of each (calculation record, category) pair, kept by
 * statement-level triggers as consumptions are written, moved, recalculated or deleted: what a
 * page of a company's emissions needs for its total (the lines each pair gives), read from a
 * few rows instead of counting the company's rows on every page. The triggers run in the
 * writing transaction, so the counts commit, or roll back, with the rows they count.
 */
import type { PoolClient } from "./database.js";

/** Migration 5. A null record (a row stored before records existed) is kept as record 0. */
export const CONSUMPTION_COUNTS = `
CREATE TABLE consumption_counts (
  company_ref bigint NOT NULL,
  record_key bigint NOT NULL,
  category_ref bigint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (company_ref, record_key, category_ref)
);

CREATE FUNCTION consumption_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO consumption_counts AS k (company_ref, record_key, category_ref, n)
      SELECT company_ref, coalesce(provenance_ref, 0), category_ref, -count(*)
        FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (company_ref, record_key, category_ref) DO UPDATE SET n = k.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO consumption_counts AS k (company_ref, record_key, category_ref, n)
      SELECT company_ref, coalesce(provenance_ref, 0), category_ref, count(*)
        FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (company_ref, record_key, category_ref) DO UPDATE SET n = k.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER consumption_counts_inserted AFTER INSERT ON consumptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_counts_change();
CREATE TRIGGER consumption_counts_updated AFTER UPDATE ON consumptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION consumption_counts_change();
CREATE TRIGGER consumption_counts_deleted AFTER DELETE ON consumptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_counts_change();

INSERT INTO consumption_counts (company_ref, record_key, category_ref, n)
  SELECT company_ref, coalesce(provenance_ref, 0), category_ref, count(*)
    FROM consumptions GROUP BY 1, 2, 3;
`;

export async function countConsumptions(client: PoolClient): Promise<void> {
  await client.query(CONSUMPTION_COUNTS);
}
