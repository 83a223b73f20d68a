/**
 * A throwaway PostgreSQL server for the tests: `initdb` and `pg_ctl` from the machine's server
 * binaries, in a temporary directory, trust authentication, a free port on 127.0.0.1, no fsync
 * (a test's data need not survive a power cut). Started by the test run, removed at its end; no
 * mock or emulation stands in for it. As root the server runs as the `postgres` user (initdb
 * refuses root), through `runuser`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: the superuser on the maintenance database. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  stop(): void;
}

/** The folder of `pg_ctl`: on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBinaries(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir !== "" && fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  const debian = "/usr/lib/postgresql";
  if (!fs.existsSync(debian)) return undefined;
  const versions = fs
    .readdirSync(debian)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);
  for (const version of versions) {
    const dir = path.join(debian, String(version), "bin");
    if (fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a server binary, as `postgres` when we are root; throws with its output when it fails. */
function run(bin: string, args: readonly string[]): void {
  const [command, argv] = isRoot
    ? ["runuser", ["-u", "postgres", "--", bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, argv, { encoding: "utf8", cwd: os.tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
}

/** Starts a new cluster; `stop()` shuts it down at once and removes its directory. */
export async function startPostgres(binaries: string): Promise<PostgresCluster> {
  // As root the server runs as postgres, which must reach its folder: not under a private
  // temporary folder (the test run's is 0700), but in a shared one, in memory where there is one.
  const base = isRoot ? (fs.existsSync("/dev/shm") ? "/dev/shm" : "/tmp") : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, "carbon-pg-"));
  const data = path.join(dir, "data");
  fs.mkdirSync(data, { mode: 0o700 });
  if (isRoot) {
    // The server's user owns its directories; the temporary parent stays ours.
    spawnSync("chown", ["-R", "postgres:postgres", dir]);
  }
  run(path.join(binaries, "initdb"), [
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  run(path.join(binaries, "pg_ctl"), [
    "-D",
    data,
    "-o",
    options,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop() {
      try {
        run(path.join(binaries, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
