/** `carbon serve` as a process of the built binary: SIGTERM drains the request in flight. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { signToken } from "../../src/server/auth.js";
import { serverSecret } from "../../src/store/sqlite/server-secret.js";
import { COMPANY_A, call, tempDir } from "../server/helpers.js";
import { slowPost } from "../server/slow-post.js";
import { repoRoot } from "./helpers/exec.js";

const company = { id: COMPANY_A, name: "Drained Ltd", country: "ES" };

describe("carbon serve as a process", () => {
  it("serves, then on SIGTERM drains the request in flight, closes the database and exits 0", async () => {
    const bin = path.join(repoRoot, "bin", "carbon.js");
    const home = tempDir();
    const db = path.join(home, "carbon.db");
    const child = spawn(process.execPath, [bin, "--db", db, "serve", "--port", "0"], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: home, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const exited = once(child, "close");
    const listening = new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on("close", () => reject(new Error(`carbon serve ended early:\n${stderr}`)));
    });
    try {
      const url = await listening;
      expect((await call(`${url}/healthz`, "GET")).status).toBe(200);
      const token = await signToken(
        { email: "ops@example.com", role: "admin", ttlSeconds: 600 },
        serverSecret(db),
      );
      const post = slowPost(`${url}/api/v1/companies`, token, company);
      await post.started;
      child.kill("SIGTERM");
      while (!stderr.includes("SIGTERM: finishing")) await once(child.stderr, "data");
      const answer = await post.finish();
      expect(answer.status, answer.text).toBe(201);
      const [code] = await exited;
      expect(code, stderr).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    expect(stderr).toMatch(/^POST \/api\/v1\/companies 201 [\d.]+ms$/m);
    expect(stderr).toContain("stopped");
    expect(stderr).not.toMatch(/eyJ/);
    // The database was closed cleanly and holds the drained write.
    const reopened = await openLocalService({ path: db });
    try {
      expect((await reopened.companies.get(COMPANY_A)).name).toBe("Drained Ltd");
    } finally {
      await reopened.close();
    }
  });
});
