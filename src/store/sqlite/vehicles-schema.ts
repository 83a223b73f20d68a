/** Migration 15: the vehicles table and the fleet subcategories (docs/vehicles.md). */

import { FLEET_SUBCATEGORIES } from "../../shipped/categories.js";
import { insertMissingCategories } from "./category-seed.js";
import type { Db } from "./database.js";

/**
 * Migration 15: the table, its indexes in list order (of a company, and of every company), and
 * one licence plate per company as `plateKey` compares them. A building's deletion leaves its
 * vehicles without a building.
 */
export const VEHICLES_SCHEMA = `
CREATE TABLE vehicles (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  building_ref INTEGER REFERENCES buildings (ref) ON DELETE SET NULL,
  name TEXT NOT NULL,
  license_plate TEXT,
  plate_key TEXT,
  vehicle_type TEXT NOT NULL,
  vehicle_category TEXT NOT NULL,
  fuel_type TEXT NOT NULL,
  ownership TEXT NOT NULL,
  active_from TEXT NOT NULL,
  active_to TEXT CHECK (active_to IS NULL OR active_to >= active_from),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX vehicles_in_order ON vehicles (company_ref, name, id);
CREATE INDEX vehicles_by_name ON vehicles (name, id);
CREATE UNIQUE INDEX vehicles_unique_plate ON vehicles (company_ref, plate_key)
  WHERE plate_key IS NOT NULL;
`;

/** Migration 15: the vehicles table and the fleet subcategories, after every existing category. */
export function addVehicles(db: Db): void {
  db.exec(VEHICLES_SCHEMA);
  insertMissingCategories(db, FLEET_SUBCATEGORIES);
}
