/**
 * `--replace-overlapping` against a real `carbon serve`: the rows are sent, then the stored
 * consumptions they replace are removed (`POST /consumptions` with removedAt), journaled like
 * the rows, so a run cut off among the removals resumes with what is left.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { newId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import { importConsumptions } from "../../../src/import/consumptions.js";
import { ImportJournal } from "../../../src/import/journal.js";
import { type FakeServer, type Responder, startFakeServer } from "../remote/fake-server.js";
import { type RealServer, startRealServer } from "../remote/real-server.js";
import { storedIds } from "./remote-helpers.js";

const ROWS = 60;
let server: RealServer;
let proxy: FakeServer;
let dir: string;
let companyId: string;
/** Removals the proxy let through; past `cutAfter` it drops their connections. */
let removals = 0;
let cutAfter = Number.POSITIVE_INFINITY;

/** Forwards to the real server, dropping removal requests once `cutAfter` went through. */
const forward: Responder = async (request, response) => {
  if (request.method === "POST" && request.body.includes('"removedAt"')) {
    if (removals >= cutAfter) {
      response.socket?.destroy();
      return;
    }
    removals += 1;
  }
  const { authorization, "content-type": contentType } = request.headers;
  const answer = await fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(contentType === undefined ? {} : { "content-type": contentType }),
    },
    ...(request.body === "" ? {} : { body: request.body }),
  });
  response.writeHead(answer.status, {
    "content-type": answer.headers.get("content-type") ?? "application/json",
  });
  response.end(await answer.text());
};

function writeBills(file: string, lastDay: number): void {
  const lines = ["entityId,building,country,category,startDate,endDate,quantity,unit"];
  for (let n = 0; n < ROWS; n += 1) {
    const month = String((n % 12) + 1).padStart(2, "0");
    lines.push(
      `INV-${n},Plant,ES,electricity,2024-${month}-01,2024-${month}-${lastDay},${1000 + n},kWh`,
    );
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

beforeEach(async () => {
  server = await startRealServer();
  proxy = await startFakeServer([forward]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-replace-"));
  companyId = newId();
  await server.local.companies.upsert({ id: companyId, name: "Acme", country: "ES" });
  removals = 0;
  cutAfter = Number.POSITIVE_INFINITY;
});

afterEach(async () => {
  await proxy.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("--replace-overlapping against a server", () => {
  it("journals the removals: a run cut off among them resumes with the rest", async () => {
    const service: CarbonService = createRemoteService({
      apiUrl: proxy.url,
      token: await server.token(),
      retry: { attempts: 1 },
    });
    const journal = { dir: path.join(dir, "journals"), apiUrl: proxy.url };
    const options = {
      companyId,
      decimalComma: false,
      dryRun: false,
      skipInvalid: false,
      createBuildings: true,
      journal,
    };
    try {
      const first = path.join(dir, "first.csv");
      writeBills(first, 27);
      await importConsumptions(service, { ...options, file: first });
      const typed = await storedIds(server.local, companyId);
      expect(typed).toHaveLength(ROWS);

      const fixed = path.join(dir, "fixed.csv");
      writeBills(fixed, 28);
      cutAfter = 50;
      const cut = importConsumptions(service, {
        ...options,
        file: fixed,
        replaceOverlapping: true,
      });
      await expect(cut).rejects.toMatchObject({ code: "unavailable" });
      const confirmed = ImportJournal.for(journal.dir, {
        apiUrl: proxy.url,
        companyId,
        file: fixed,
        decimalComma: false,
        delimiter: undefined,
        building: undefined,
      }).confirmed();
      // Every row, then the removals of the steps that went through (50 a step).
      expect(confirmed.size).toBe(ROWS + 50);
      expect(typed.filter((id) => confirmed.has(id))).toHaveLength(50);
      expect(await storedIds(server.local, companyId)).toHaveLength(2 * ROWS - 50);

      cutAfter = Number.POSITIVE_INFINITY;
      removals = 0;
      const resumed = await importConsumptions(service, {
        ...options,
        file: fixed,
        replaceOverlapping: true,
        resume: true,
      });
      expect(resumed).toMatchObject({ resumedSkipped: ROWS, replaced: ROWS - 50, rejected: 0 });
      expect(removals).toBe(ROWS - 50);
      const left = await storedIds(server.local, companyId);
      expect(left).toHaveLength(ROWS);
      expect(left.filter((id) => typed.includes(id))).toEqual([]);
      const audit = await server.local.audit.list({ companyIds: [companyId], limit: 500 });
      expect(audit.data.map((record) => record.action)).toEqual(
        Array.from({ length: ROWS }, () => "consumptions.delete"),
      );
    } finally {
      await service.close();
    }
  });
});
