/**
 * Conformance cases of `carbon certificates`: the records are extensions (a server of the
 * specification says it does not offer them); the regos dashboard is the specification's, and
 * its period an extension.
 */
import { type CommandCase, rows } from "./command-case.js";
import { ids } from "./seed.js";
import { certificateArgs } from "./seed-certificates.js";

export const certificateCases: readonly CommandCase[] = [
  {
    name: "certificates upsert",
    args: () =>
      certificateArgs(ids.company, ids.madrid, ids.newCertificate, "GDO-2024-0003", "2.5").map(
        (word) => (word === "create" ? "upsert" : word),
      ),
  },
  { name: "certificates list", args: () => ["certificates", "list", "--company", ids.company] },
  { name: "certificates list (every company)", args: () => ["certificates", "list"] },
  {
    name: "certificates list --building",
    args: () => ["certificates", "list", "--company", ids.company, "--building", ids.madrid],
    // The seeded two and the one just written are all Madrid's.
    check: rows(3),
  },
  { name: "certificates get", args: () => ["certificates", "get", ids.certificate] },
  {
    name: "certificates dashboard",
    args: () => ["certificates", "dashboard", "--company", ids.company],
    check: (stdout) => (stdout.includes(ids.madrid) ? undefined : "no row of the Madrid building"),
  },
  {
    name: "certificates dashboard --building --cup",
    args: () => [
      "certificates",
      "dashboard",
      "--company",
      ids.company,
      "--building",
      ids.madrid,
      "--cup",
      "ES0021000000000001AB",
    ],
  },
  {
    name: "certificates dashboard --from --to",
    args: () => [
      "certificates",
      "dashboard",
      "--company",
      ids.company,
      "--from",
      "2024-01-01",
      "--to",
      "2024-06-30",
    ],
  },
  {
    name: "certificates delete",
    args: () => ["certificates", "delete", ids.certificateToDelete, "--yes"],
  },
];
