/**
 * Clients that never finish their request (slowloris) do not hold a connection for long, and a
 * busy database is answered without the server's file path.
 */
import net from "node:net";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { COMPANY_A, problemOf, startTestServer, type TestServer } from "./helpers.js";

const servers: TestServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function started(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

interface Hangup {
  /** What the server wrote before it closed the connection. */
  readonly received: string;
  readonly afterMs: number;
}

/** Opens a raw connection, writes `text` and nothing more, and waits for the server to hang up. */
function sendAndWait(url: string, text: string, giveUpMs: number): Promise<Hangup | "still open"> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const began = Date.now();
    let received = "";
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve("still open");
    }, giveUpMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ received, afterMs: Date.now() - began });
    });
  });
}

describe("request timeouts", () => {
  it("closes a connection whose headers never complete", async () => {
    const server = await started({ headersTimeoutMs: 500, requestTimeoutMs: 2000 });
    const half = "GET /api/v1/companies HTTP/1.1\r\nHost: carbon\r\nAuthorization: Bearer ";
    const hangup = await sendAndWait(server.url, half, 5000);
    expect(hangup).not.toBe("still open");
    if (hangup === "still open") return;
    expect(hangup.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(hangup.afterMs).toBeGreaterThanOrEqual(450);
    expect(hangup.afterMs).toBeLessThan(2500);
  });

  it("closes a connection whose body never completes", async () => {
    const server = await started({ headersTimeoutMs: 500, requestTimeoutMs: 1000 });
    const token = await server.token("admin");
    const partial = [
      "POST /api/v1/companies HTTP/1.1",
      "Host: carbon",
      `Authorization: Bearer ${token}`,
      "Content-Type: application/json",
      "Content-Length: 200",
      "",
      '{"name": "Slow',
    ].join("\r\n");
    const hangup = await sendAndWait(server.url, partial, 5000);
    expect(hangup).not.toBe("still open");
    if (hangup === "still open") return;
    expect(hangup.afterMs).toBeGreaterThanOrEqual(950);
    expect(hangup.afterMs).toBeLessThan(3000);
  });
});

describe("a busy database", () => {
  it("answers 503 without the server's file path, which goes to the server log", async () => {
    const server = await started({ busyTimeoutMs: 100 });
    const token = await server.token("admin");
    const writer = new Database(server.dbPath);
    try {
      writer.exec("BEGIN IMMEDIATE");
      const answer = await server.call("POST", "/api/v1/companies", {
        token,
        body: { id: COMPANY_A, name: "Busy Ltd", country: "ES" },
      });
      expect(answer.status).toBe(503);
      expect(problemOf(answer)).toMatchObject({
        code: "unavailable",
        detail: "the server's database is busy",
      });
      expect(answer.text).not.toContain(server.dbPath);
      expect(answer.text).not.toMatch(/carbon\.db|\/tmp|\\\\/);
      expect(server.logs.join("\n")).toContain(
        `error: POST /api/v1/companies: the database is busy: another carbon process is writing to ${server.dbPath}`,
      );
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
    }
  });
});
