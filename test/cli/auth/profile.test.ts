/** `carbon profile list|use`, --profile / CARBON_PROFILE, and how the engine is chosen. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProfilesFile } from "../../../src/cli/config.js";
import { type EngineChoice, resolveEngine } from "../../../src/cli/context.js";
import { CarbonError } from "../../../src/core/errors.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { user } from "./helpers.js";

let server: RealServer;
let token: string;

beforeAll(async () => {
  server = await startRealServer();
  token = await server.token({ email: "stage@example.com" });
});

afterAll(async () => {
  await server.close();
});

describe("profile list and use", () => {
  it("lists profiles (never tokens), switches with use, and --profile picks one per command", async () => {
    const ana = user();
    const empty = await ana.run(["profile", "list", "--json"]);
    const local = {
      name: "local",
      current: false,
      engine: "local",
      apiUrl: null,
      db: null,
      loggedIn: false,
    };
    expect(JSON.parse(empty.stdout)).toEqual([
      { name: "default", current: true, engine: "local", apiUrl: null, db: null, loggedIn: false },
      local,
    ]);

    const login = await ana.run(
      ["--profile", "staging", "auth", "login", "--api-url", server.url, "--with-token"],
      { stdin: token },
    );
    expect(login.code).toBe(0);
    expect(login.stderr).toContain("carbon profile use staging");

    const list = await ana.run(["profile", "list", "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([
      { name: "default", current: true, engine: "local", apiUrl: null, db: null, loggedIn: false },
      local,
      {
        name: "staging",
        current: false,
        engine: "remote",
        apiUrl: server.url,
        db: null,
        loggedIn: true,
      },
    ]);
    expect(list.stdout).not.toContain(token);
    const tsv = await ana.run(["profile", "list"]);
    expect(tsv.stdout).toBe(
      `current\tname\tengine\taddress\ttoken\n*\tdefault\tlocal\t(default database)\t\n\tlocal\tlocal\t(default database)\t\n\tstaging\tremote\t${server.url}\tstored\n`,
    );

    const once = await ana.run(["auth", "status", "--json"], {
      env: { CARBON_PROFILE: "staging" },
    });
    expect(JSON.parse(once.stdout)).toMatchObject({
      user: "stage@example.com",
      profile: "staging",
    });
    expect(JSON.parse((await ana.run(["auth", "status", "--json"])).stdout)).toMatchObject({
      engine: "local",
    });

    const use = await ana.run(["profile", "use", "staging"]);
    expect(use.code).toBe(0);
    expect(use.stderr).toContain(`Now using profile "staging" (the server ${server.url})`);
    expect(ana.profiles()).toMatchObject({ currentProfile: "staging" });
    if (process.platform !== "win32") {
      expect(fs.statSync(ana.configFile).mode & 0o777).toBe(0o600);
    }
    const status = await ana.run(["auth", "status", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: "staging", server: server.url });
    const back = await ana.run(["--profile", "default", "auth", "status", "--json"]);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ engine: "local", profile: "default" });
  });

  it.each([
    [["profile", "use", "nope"], 5, 'there is no profile named "nope"'],
    [["profile", "use", "bad name!"], 2, 'invalid profile name "bad name!"'],
    [["--profile", "nope", "companies", "list"], 2, 'there is no profile named "nope"'],
  ])("%j: exit %i", async (args, code, message) => {
    const outcome = await user().run(args);
    expect(outcome.code).toBe(code);
    expect(outcome.stderr).toContain(message);
  });

  it("a profile's db is the local database when it has no server", async () => {
    const ana = user();
    const db = path.join(ana.home, "work.db");
    fs.mkdirSync(path.dirname(ana.configFile), { recursive: true });
    fs.writeFileSync(
      ana.configFile,
      JSON.stringify({ currentProfile: "work", profiles: { work: { db } } }),
    );
    const created = await ana.run(["companies", "create", "--name", "Local Co"]);
    expect(created.code).toBe(0);
    expect(fs.existsSync(db)).toBe(true);
  });

  it("a damaged profiles file is a usage error naming the file", async () => {
    const ana = user();
    fs.mkdirSync(path.dirname(ana.configFile), { recursive: true });
    fs.writeFileSync(ana.configFile, "{ not json");
    const outcome = await ana.run(["companies", "list"]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(`cannot read the profiles file ${ana.configFile}: not JSON`);
  });
});

describe("engine selection: flag > environment > profile > default", () => {
  const file: ProfilesFile = {
    currentProfile: "work",
    profiles: {
      work: { apiUrl: "https://work.example.com", token: "work-token" },
      offline: { db: "/data/offline.db" },
      both: { apiUrl: "https://work.example.com", token: "work-token", db: "/data/both.db" },
      local: { apiUrl: "https://edited.example.com", db: "/data/local.db" },
    },
  };
  const home = { HOME: "/home/ana" };

  it.each<
    [string, Record<string, string | boolean>, Record<string, string>, Partial<EngineChoice>]
  >([
    [
      "the current profile",
      {},
      {},
      {
        kind: "remote",
        apiUrl: "https://work.example.com",
        token: "work-token",
        tokenSource: 'profile "work"',
      },
    ],
    [
      "--token over the profile's",
      { token: "flag" },
      { CARBON_TOKEN: "env" },
      { kind: "remote", token: "flag", tokenSource: "--token" },
    ],
    [
      "CARBON_TOKEN over the profile's",
      {},
      { CARBON_TOKEN: "env" },
      { kind: "remote", token: "env", tokenSource: "CARBON_TOKEN" },
    ],
    [
      "--api-url over the profile; its token stays home",
      { apiUrl: "https://other.example.com" },
      {},
      { kind: "remote", apiUrl: "https://other.example.com", token: undefined },
    ],
    [
      "--api-url of the profile's own server keeps its token",
      { apiUrl: "https://work.example.com/" },
      {},
      { kind: "remote", token: "work-token" },
    ],
    [
      "CARBON_API_URL over the profile",
      {},
      { CARBON_API_URL: "https://env.example.com" },
      { kind: "remote", apiUrl: "https://env.example.com", apiUrlSource: "CARBON_API_URL" },
    ],
    [
      "--api-url over CARBON_API_URL",
      { apiUrl: "https://flag.example.com" },
      { CARBON_API_URL: "https://env.example.com" },
      { apiUrl: "https://flag.example.com", apiUrlSource: "--api-url" },
    ],
    [
      "--db over CARBON_API_URL and the profile",
      { db: "/tmp/x.db" },
      { CARBON_API_URL: "https://env.example.com" },
      { kind: "local", dbPath: "/tmp/x.db" },
    ],
    [
      "CARBON_DB over the profile's server",
      {},
      { CARBON_DB: "/tmp/env.db" },
      { kind: "local", dbPath: "/tmp/env.db" },
    ],
    [
      "CARBON_API_URL over CARBON_DB",
      {},
      { CARBON_DB: "/tmp/env.db", CARBON_API_URL: "https://env.example.com" },
      { kind: "remote" },
    ],
    [
      "--profile with a db",
      { profile: "offline" },
      {},
      { kind: "local", dbPath: "/data/offline.db", profile: "offline" },
    ],
    ["CARBON_PROFILE", {}, { CARBON_PROFILE: "offline" }, { kind: "local", profile: "offline" }],
    [
      "--local over CARBON_API_URL and the profile's server, with the profile's db",
      { local: true, profile: "both" },
      { CARBON_API_URL: "https://env.example.com" },
      { kind: "local", dbPath: "/data/both.db", profile: "both" },
    ],
    [
      "--profile local is local even when the file gives it an apiUrl",
      { profile: "local" },
      {},
      { kind: "local", dbPath: "/data/local.db", profile: "local" },
    ],

    [
      "--insecure allows http:// anywhere",
      { apiUrl: "http://10.0.0.5:8080", insecure: true },
      {},
      { kind: "remote", apiUrl: "http://10.0.0.5:8080" },
    ],
    [
      "http:// on loopback needs nothing",
      { apiUrl: "http://localhost:8080" },
      {},
      { kind: "remote", apiUrl: "http://localhost:8080" },
    ],
  ])("%s", async (_name, globals, env, expected) => {
    const engine = await resolveEngine(globals, { ...home, ...env }, () => file);
    expect(engine).toMatchObject(expected);
  });

  it("does not read the profiles file when flags and environment decide everything", async () => {
    const unreadable = (): ProfilesFile => {
      throw new Error("the file was read");
    };
    expect(await resolveEngine({ db: "/tmp/x.db" }, home, unreadable)).toMatchObject({
      kind: "local",
    });
    expect(await resolveEngine({}, { ...home, CARBON_DB: "/tmp/x.db" }, unreadable)).toMatchObject({
      kind: "local",
    });
    expect(
      await resolveEngine({ apiUrl: "https://x.example.com", token: "t" }, home, unreadable),
    ).toMatchObject({ kind: "remote", token: "t" });
  });

  it("plain http:// to another host is a usage error naming where it came from", async () => {
    let error: unknown;
    try {
      await resolveEngine({}, { ...home, CARBON_API_URL: "http://carbon.example.com" }, () => file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CarbonError);
    expect(error instanceof CarbonError ? error.code : "").toBe("usage");
    expect(error instanceof Error ? error.message : "").toContain("(from CARBON_API_URL)");
  });
});
