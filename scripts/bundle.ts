/**
 * Bundles the compiled program (dist/, from tsc) into dist/bundle/, the code bin/carbon.js runs:
 * the CLI and the import's parse worker as two entries, each command's modules in the chunks its
 * lazy imports already mark. Node then reads about 80 files for an import instead of about 370
 * modules, each resolved and linked on its own (bench/NOTES.md has the figures).
 *
 * Bundled: our code and the pure-JavaScript libraries every local command loads (commander, zod,
 * csv-parse, cli-table3). Left to Node: better-sqlite3 (a native addon), and the libraries only
 * the server, sign-in and remote commands load (fastify, conf, undici, jose), some of which load
 * files or start workers by path at run time (the server's logger transports, conf's validator).
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const dist = (path: string) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));

const unbundled = ["better-sqlite3", "fastify", "@fastify/[^/]+", "conf", "undici", "jose"];
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
