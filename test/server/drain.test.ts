import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { serverSecret } from "../../src/backends/local/server-secret.js";
import { signToken } from "../../src/server/auth.js";
import { COMPANY_A, call, startTestServer, tempDir } from "./helpers.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface SlowPost {
  /** Resolves once the server has read the request's headers (its 100 Continue arrived). */
  readonly started: Promise<void>;
  /** Sends the body; resolves with the status and body of the answer. */
  finish(): Promise<{ status: number; connection: string; text: string }>;
}

/** A POST whose body is held back until `finish()`: a request in flight, for as long as we like. */
function slowPost(url: string, token: string, body: unknown): SlowPost {
  const text = JSON.stringify(body);
  const request = http.request(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(text)),
      expect: "100-continue",
    },
  });
  const answered = new Promise<{ status: number; connection: string; text: string }>(
    (resolve, reject) => {
      request.on("response", (response) => {
        let received = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection ?? "",
            text: received,
          }),
        );
      });
      request.on("error", reject);
    },
  );
  const started = once(request, "continue").then(() => undefined);
  request.flushHeaders();
  return {
    started,
    finish() {
      request.end(text);
      return answered;
    },
  };
}

const company = { id: COMPANY_A, name: "Drained Ltd", country: "ES" };

describe("closing the server", () => {
  it("finishes a request in flight before close() resolves, and refuses new connections", async () => {
    const server = await startTestServer();
    try {
      const post = slowPost(`${server.url}/api/v1/companies`, await server.token("admin"), company);
      await post.started;
      let closed = false;
      const closing = server.close().then(() => {
        closed = true;
      });
      const answer = await post.finish();
      expect(answer.status, answer.text).toBe(201);
      // The drained connection is closed after its answer, so close() need not wait for it.
      expect(answer.connection).toBe("close");
      await closing;
      expect(closed).toBe(true);
      await expect(call(`${server.url}/healthz`, "GET")).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});

describe("carbon serve as a process", () => {
  it("serves, then on SIGTERM drains the request in flight, closes the database and exits 0", async () => {
    const bin = path.join(repoRoot, "bin", "carbon.js");
    const built = path.join(repoRoot, "dist", "cli", "commands", "serve", "index.js");
    expect(fs.existsSync(built), "build first: npm run build").toBe(true);
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
