/**
 * Bundles the compiled program (dist/, from tsc) into dist/bundle/, the code bin/carbon.js runs:
 * the CLI and the import's parse worker as two entries, each command's modules in the chunks its
 * lazy imports already mark. Node then reads a few dozen files at start instead of about 400
 * modules, each resolved and linked on its own (bench/NOTES.md has the figures).
 *
 * Bundled: our code and the pure-JavaScript libraries the import path loads. Left to Node:
 * better-sqlite3 (a native addon), and the libraries that require() files at run time or start
 * their own workers by path (fastify and its logger, conf's validator, undici), with the small
 * ones only they use.
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const dist = (path: string) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));

const unbundled = [
  "better-sqlite3",
  "fastify",
  "@fastify/[^/]+",
  "conf",
  "undici",
  "jose",
  "cli-table3",
];
const external = [/^node:/, new RegExp(`^(${unbundled.join("|")})(/|$)`)];

rmSync(dist("bundle"), { recursive: true, force: true });
await build({
  input: { main: dist("cli/main.js"), "parse-worker": dist("import/parse-worker.js") },
  platform: "node",
  external,
  logLevel: "warn",
  output: {
    dir: dist("bundle"),
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
});
