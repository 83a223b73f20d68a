/**
 * What `carbon --help` and `--version` must not load: the heavy libraries and our backends,
 * importer, engine, readers of the shipped data and output formatting. Shared by the sources'
 * laziness test (test/cli/laziness.test.ts) and the built bundle's
 * (test/e2e/bundle-startup.test.ts).
 */
const PACKAGES = [
  "zod",
  "better-sqlite3",
  "pg",
  "pg-copy-streams",
  "cli-table3",
  "csv-parse",
  "undici",
  "conf",
  "ajv",
];
const PACKAGE = new RegExp(`/node_modules/(${PACKAGES.join("|")})/`);
const OURS = /\/(src|dist)\/(backends\/|import\/|engine\/|shipped\/|cli\/output\/format\.[jt]s$)/;

/** True for a heavy module, named by its URL or by its path from the repository's root. */
export function isHeavy(module: string): boolean {
  const path = module.startsWith("/") || module.includes("://") ? module : `/${module}`;
  return PACKAGE.test(path) || OURS.test(path);
}
