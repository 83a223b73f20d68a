/**
 * Reads the factor library's releases kept in the database (docs/factor-library.md, "Library
 * releases"): `emission_factors` holds each version of a factor once, with the releases it
 * belongs to (`first_release` .. `last_release`, null while current); `factor_releases` lists the
 * releases loaded, oldest first; `factor_release_proxies` keeps each release's proxy designations.
 * library-load.ts writes them.
 */
import type { EmissionFactor } from "../../core/model/factor.js";
import type { ProxyDesignation } from "../../engine/proxies.js";
import type { StoredRelease } from "../../rules/store.js";
import { FACTOR_COLUMNS, type FactorRow, factorFromRow } from "../../shipped/factor-rows.js";
import { fromReleaseRow, type ReleaseRow } from "../stored-library.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/** A factor library release as `factor_releases` keeps it. */
export type { ReleaseRow, StoredRelease };

/** Reads the releases and their rows. */
export class LibraryStore {
  readonly #releases;
  readonly #release;
  readonly #current;
  readonly #currentRowsOfKey;
  readonly #rowsOfKeyIn;
  readonly #rowsOf;
  readonly #currentProxies;
  readonly #proxiesOf;

  constructor(db: Db) {
    this.#releases = lazy(() =>
      db.prepare<[], ReleaseRow>("SELECT * FROM factor_releases ORDER BY ref"),
    );
    this.#release = lazy(() =>
      db.prepare<[string, string], ReleaseRow>(
        "SELECT * FROM factor_releases WHERE version = ? OR name = ? ORDER BY ref DESC LIMIT 1",
      ),
    );
    this.#current = lazy(() =>
      db.prepare<[], ReleaseRow>("SELECT * FROM factor_releases ORDER BY ref DESC LIMIT 1"),
    );
    // A factor index asks for the rows of each key it meets, one key at a time.
    this.#currentRowsOfKey = lazy(() =>
      db.prepare<[string], FactorRow>(
        `SELECT ${FACTOR_COLUMNS} FROM emission_factors
                WHERE key = ? AND last_release IS NULL ORDER BY priority`,
      ),
    );
    this.#rowsOfKeyIn = lazy(() =>
      db.prepare<[string, number, number], FactorRow>(
        `SELECT ${FACTOR_COLUMNS} FROM emission_factors
                WHERE key = ? AND first_release <= ?
                  AND (last_release IS NULL OR last_release >= ?)
                ORDER BY priority`,
      ),
    );
    this.#rowsOf = lazy(() =>
      db.prepare<[number, number], FactorRow>(
        `SELECT ${FACTOR_COLUMNS} FROM emission_factors
          WHERE first_release <= ? AND (last_release IS NULL OR last_release >= ?)
          ORDER BY priority`,
      ),
    );
    const proxies = `SELECT key, country, proxy_key AS proxyKey, proxy_country AS proxyCountry, reason
      FROM factor_release_proxies WHERE release_ref = `;
    this.#currentProxies = lazy(() =>
      db.prepare<[], ProxyDesignation>(`${proxies}(SELECT max(ref) FROM factor_releases)`),
    );
    this.#proxiesOf = lazy(() => db.prepare<[number], ProxyDesignation>(`${proxies}?`));
  }

  /** Every release loaded, oldest first. */
  releases(): StoredRelease[] {
    return this.#releases().all().map(fromReleaseRow);
  }

  /** The latest release of this version or name (a version may be loaded again later). */
  release(versionOrName: string): StoredRelease | undefined {
    const row = this.#release().get(versionOrName.trim(), versionOrName.trim());
    return row === undefined ? undefined : fromReleaseRow(row);
  }

  current(): StoredRelease | undefined {
    const row = this.#current().get();
    return row === undefined ? undefined : fromReleaseRow(row);
  }

  /** A key's rows in a release (the current one by default), in priority order. */
  rowsOfKey(key: string, releaseRef?: number): EmissionFactor[] {
    const rows =
      releaseRef === undefined
        ? this.#currentRowsOfKey().all(key)
        : this.#rowsOfKeyIn().all(key, releaseRef, releaseRef);
    return rows.map(factorFromRow);
  }

  /** Every row of a release, in priority order. */
  rowsOf(releaseRef: number): EmissionFactor[] {
    return this.#rowsOf().all(releaseRef, releaseRef).map(factorFromRow);
  }

  /** The proxy designations of a release (the current one by default). */
  proxies(releaseRef?: number): ProxyDesignation[] {
    return releaseRef === undefined
      ? this.#currentProxies().all()
      : this.#proxiesOf().all(releaseRef);
  }
}
