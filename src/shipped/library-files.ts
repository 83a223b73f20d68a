/**
 * A release's factor library from the shipped files (docs/factor-library.md, "Library releases").
 * The base release is the base file read as it is. A later release is built from its source files
 * by library-build.ts; what the build gives is committed as the release's built file
 * (`npm run factors:generate`, a test keeps it in step), which is what a migration reads: a new
 * database then loads 6.5 MB of prepared rows instead of parsing and building them.
 */
import type { EmissionFactor } from "../core/model/factor.js";
import { parseFixtureCsv } from "../engine/fixture-csv.js";
import { type AccountedRow, buildLibrary } from "../engine/library-build.js";
import { factorsFromCsvRows } from "../engine/library-rows.js";
import { type ProxyDesignation, releaseProxies } from "../engine/proxies.js";
import { FACTOR_TABLE_COLUMNS, type FactorRow, factorFromRow } from "./factor-rows.js";
import { readFixture } from "./fixture-files.js";
import { CURRENT_RELEASE, type LibraryRelease, releaseDigest } from "./library-releases.js";

/** A factor as a row of emission_factors: its values in FACTOR_TABLE_COLUMNS order. */
export type FactorValues = readonly (string | number | null)[];

export interface FactorLibrary {
  readonly release: LibraryRelease;
  readonly factors: readonly EmissionFactor[];
  /** The same factors as rows of emission_factors (what a migration inserts). */
  readonly rows: readonly FactorValues[];
  /** Which other geography's rows stand in where a country has none (proxies.csv). */
  readonly proxies: readonly ProxyDesignation[];
  /** `lib-` + the first 12 hex digits of the release's sha256 (`releaseDigest`). */
  readonly version: string;
}

/** A release built from its source files, with the rows that are not factors and why. */
export interface BuiltRelease extends FactorLibrary {
  readonly accounted: readonly AccountedRow[];
}

const libraries = new Map<LibraryRelease, FactorLibrary>();

/** The release's library, read once per process (shipped files do not change while it runs). */
export function factorLibrary(release: LibraryRelease = CURRENT_RELEASE): FactorLibrary {
  let library = libraries.get(release);
  if (library === undefined) {
    library = release.builtFile === null ? buildRelease(release) : readBuiltRelease(release);
    libraries.set(release, library);
  }
  return library;
}

/** Builds a release from its source files (the generator and the tests; the base release). */
export function buildRelease(release: LibraryRelease): BuiltRelease {
  const texts = release.factorFiles.map((file) => readFixture(file));
  const defaultsText = readFixture(release.defaultsFile);
  const version = `lib-${releaseDigest(texts, defaultsText, release.rules).slice(0, 12)}`;
  const proxies = releaseProxies(defaultsText);
  if (release.rules === null) {
    const [file = ""] = release.factorFiles;
    const factors = factorsFromCsvRows(parseFixtureCsv(texts[0] ?? "", file));
    return {
      release,
      factors,
      rows: factors.map(valuesOf),
      proxies,
      accounted: [],
      version,
    };
  }
  const files = release.factorFiles.map((file, i) => ({
    file,
    rows: parseFixtureCsv(texts[i] ?? "", file),
  }));
  const { factors, accounted } = buildLibrary(files);
  return { release, factors, rows: factors.map(valuesOf), proxies, accounted, version };
}

export function valuesOf(factor: EmissionFactor): FactorValues {
  return FACTOR_TABLE_COLUMNS.map(([, value]) => value(factor));
}

/** The factor of a row of emission_factors. */
export function factorOfValues(values: FactorValues): EmissionFactor {
  const row: Record<string, unknown> = {};
  COLUMNS.forEach((column, i) => {
    row[column] = values[i];
  });
  // The values are FACTOR_TABLE_COLUMNS' of a factor (valuesOf, or the built file it wrote).
  return factorFromRow(row as unknown as FactorRow);
}

const COLUMNS = FACTOR_TABLE_COLUMNS.map(([column]) => column);

/** The built file's text: the version, the columns of emission_factors, one factor a line. */
export function builtReleaseText(library: FactorLibrary): string {
  const rows = library.rows.map((values) => JSON.stringify(values));
  const head = `{"version":${JSON.stringify(library.version)},"columns":${JSON.stringify(COLUMNS)},"factors":[`;
  return `${head}\n${rows.join(",\n")}\n]}\n`;
}

function readBuiltRelease(release: LibraryRelease): FactorLibrary {
  const file = release.builtFile ?? "";
  const built: { version: string; columns: string[]; factors: FactorValues[] } = JSON.parse(
    readFixture(file),
  );
  if (built.columns.join(",") !== COLUMNS.join(",")) {
    throw new Error(`${file}: its columns are not emission_factors'; run npm run factors:generate`);
  }
  const proxies = releaseProxies(readFixture(release.defaultsFile));
  let factors: EmissionFactor[] | undefined;
  return {
    release,
    // A migration inserts the rows as they are; factors are made when something asks.
    get factors() {
      factors ??= built.factors.map(factorOfValues);
      return factors;
    },
    rows: built.factors,
    proxies,
    version: built.version,
  };
}
