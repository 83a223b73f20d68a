/** Helpers for imports against a real server: a CSV of N rows, a fault proxy, stored ids. */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CarbonService } from "../../../src/core/service.js";

/** `id,entityId,building,category,...` rows with explicit ids: the stored ids are known. */
export function writeRowsCsv(file: string, rows: number, idOf: (n: number) => string): void {
  const lines = ["id,entityId,building,country,category,startDate,endDate,quantity,unit"];
  for (let n = 0; n < rows; n += 1) {
    const month = String((n % 12) + 1).padStart(2, "0");
    lines.push(
      `${idOf(n)},INV-${n},Plant ${n % 3},ES,electricity,2024-${month}-01,2024-${month}-28,${1000 + (n % 500)},kWh`,
    );
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

export function rowId(n: number): string {
  return `d3000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

/** Every consumption id the service stores for the company, in page order. */
export async function storedIds(service: CarbonService, companyId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await service.consumptions.list({ companyId, page, limit: 500 });
    ids.push(...answer.data.map((row) => row.id));
    if (answer.data.length < 500) return ids;
  }
}

export type Fault = "429" | "503" | "drop-before" | "drop-after";

export interface FaultProxy {
  readonly url: string;
  /** Faults produced, by kind. */
  readonly faults: Record<Fault, number>;
  /** Requests of POST /consumptions that reached the server. */
  forwarded(): number;
  close(): Promise<void>;
}

const kinds: readonly Fault[] = ["429", "503", "drop-before", "drop-after"];

/**
 * A node:http proxy in front of a server that answers every `every`-th consumption upsert with a
 * fault, cycling through: 429 with `Retry-After` (0, and 1 every tenth time), 503, a connection
 * dropped before the request reaches the server, and one dropped after the server stored the row
 * (the client never hears the answer). A row gets at most two faults in a row, so the client's
 * six attempts always suffice. Other requests pass through.
 */
export async function startFaultProxy(target: string, every = 5): Promise<FaultProxy> {
  const faults: Record<Fault, number> = { "429": 0, "503": 0, "drop-before": 0, "drop-after": 0 };
  const faultsById = new Map<string, number>();
  let upserts = 0;
  let forwarded = 0;
  let kind = 0;
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const forward = (
    req: http.IncomingMessage,
    body: Buffer,
    answer: (status: number, headers: http.IncomingHttpHeaders, data: Buffer) => void,
  ): void => {
    const request = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, connection: "keep-alive" },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          answer(response.statusCode ?? 502, response.headers, Buffer.concat(chunks)),
        );
      },
    );
    request.end(body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const isUpsert = req.method === "POST" && (req.url ?? "").startsWith("/api/v1/consumptions");
      let fault: Fault | undefined;
      let rowsIn = 0;
      if (isUpsert) {
        upserts += 1;
        const sent = JSON.parse(body.toString("utf8"));
        // A batch (POST /consumptions/batch) is known by its first row.
        rowsIn = Array.isArray(sent.items) ? sent.items.length : 1;
        const id = String(Array.isArray(sent.items) ? sent.items[0]?.id : sent.id);
        const before = faultsById.get(id) ?? 0;
        if (upserts % every === 0 && before < 2) {
          fault = kinds[kind % kinds.length];
          kind += 1;
          faultsById.set(id, before + 1);
        } else {
          faultsById.set(id, 0);
        }
      }
      if (fault !== undefined) faults[fault] += 1;
      switch (fault) {
        case "429": {
          const wait = faults["429"] % 10 === 0 ? "1" : "0";
          res.writeHead(429, { "content-type": "text/plain", "retry-after": wait });
          res.end("slow down");
          return;
        }
        case "503":
          res.writeHead(503, { "content-type": "text/plain" });
          res.end("busy");
          return;
        case "drop-before":
          req.socket.destroy();
          return;
        case "drop-after":
        case undefined:
          forwarded += rowsIn;
          forward(req, body, (status, headers, data) => {
            if (fault === "drop-after") {
              req.socket.destroy();
              return;
            }
            const { connection: _connection, "transfer-encoding": _te, ...rest } = headers;
            res.writeHead(status, rest);
            res.end(data);
          });
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    forwarded: () => forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
