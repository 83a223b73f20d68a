/**
 * The releases of the factor library carbon ships, oldest first (docs/factor-library.md,
 * "Library releases"). A migration loads one; a database keeps every release it loaded.
 */
import { createHash } from "node:crypto";

export interface LibraryRelease {
  /** A readable name; the version (a digest of the files) is what identifies it. */
  readonly name: string;
  /** What it changed, in words, for `factors releases`. */
  readonly note: string;
  /** Its factor files under fixtures/factors, in priority order. */
  readonly factorFiles: readonly string[];
  /** Its proxy designations: `proxies.csv`; the base release's `global-defaults.csv` before it. */
  readonly defaultsFile: string;
  /** Its rows as `npm run factors:generate` builds them, under fixtures/factors; null: none. */
  readonly builtFile: string | null;
  /**
   * The revision of the loading rules (library-build.ts) it is built with; part of its digest.
   * Null: the base file read as it is, as databases loaded it before releases were kept.
   */
  readonly rules: string | null;
}

/** The library of databases created before the extra files: the base file alone. */
export const BASE_RELEASE: LibraryRelease = {
  name: "2025 base library",
  note: "UK DESNZ 2024-2026, US EPA Hub 2025 and eGRID 2023, MITECO V31 2024, EEA, AIB residual mixes, Ember, IPCC GWPs (258 factors)",
  factorFiles: ["emission-factors.csv"],
  defaultsFile: "global-defaults.csv",
  builtFile: null,
  rules: null,
};

/** The base file and the openly licensed extra files (fixtures/factors/extra/SOURCES.md). */
export const OPEN_SOURCES_RELEASE: LibraryRelease = {
  name: "2026 open sources",
  note: "adds DESNZ 2024 in full and the rest of 2025, the 16 missing eGRID subregions, the rest of EPA Hub 2025, ADEME Base Carbone V23.6 (France), AR6 GWPs, USEEIO spend factors and MITECO 2007-2024; MITECO rows labelled AR6",
  factorFiles: [
    "emission-factors.csv",
    "extra/desnz-2024.csv",
    "extra/desnz-2025-additions.csv",
    "extra/egrid-2023-subregions.csv",
    "extra/epa-hub-2025-additions.csv",
    "extra/ademe-base-carbone.csv",
    "extra/gwp-ar6.csv",
    "extra/useeio-spend.csv",
    "extra/miteco-v31-additions.csv",
    "gwp-ar5.csv",
  ],
  defaultsFile: "proxies.csv",
  builtFile: "releases/2026-open-sources.json",
  rules: "extra-files-1",
};

/** What new databases and `carbon factors list` use; migrations load the releases in turn. */
export const CURRENT_RELEASE: LibraryRelease = OPEN_SOURCES_RELEASE;

/**
 * sha256 of the release's factor files, its global defaults and its rules revision: the same
 * as before releases were kept (factor file + defaults) for the base release.
 */
export function releaseDigest(
  factorTexts: readonly string[],
  defaultsText: string,
  rules: string | null,
): string {
  const hash = createHash("sha256");
  for (const text of factorTexts) hash.update(text);
  hash.update(defaultsText);
  if (rules !== null) hash.update(rules);
  return hash.digest("hex");
}
