import { describe, expect, it } from "vitest";
import { resolveDbPath } from "../../src/cli/context.js";
import { defaultDbPath, userDataDir } from "../../src/cli/paths.js";

describe("user data dir", () => {
  it.each<[NodeJS.Platform, Record<string, string>, string]>([
    ["linux", { HOME: "/home/ana" }, "/home/ana/.local/share"],
    ["linux", { HOME: "/home/ana", XDG_DATA_HOME: "/data/ana" }, "/data/ana"],
    ["linux", { HOME: "/home/ana", XDG_DATA_HOME: "relative/dir" }, "/home/ana/.local/share"],
    ["linux", { HOME: "/home/ana", XDG_DATA_HOME: "" }, "/home/ana/.local/share"],
    ["darwin", { HOME: "/Users/ana" }, "/Users/ana/Library/Application Support"],
    ["win32", { LOCALAPPDATA: "C:\\Users\\ana\\AppData\\Local" }, "C:\\Users\\ana\\AppData\\Local"],
    ["win32", { USERPROFILE: "C:\\Users\\ana" }, "C:\\Users\\ana\\AppData\\Local"],
  ])("%s %j", (platform, env, expected) => {
    expect(userDataDir(env, platform)).toBe(expected);
  });

  it("default database path", () => {
    expect(defaultDbPath({ HOME: "/home/ana" }, "linux")).toBe(
      "/home/ana/.local/share/carbon/carbon.db",
    );
    expect(defaultDbPath({ LOCALAPPDATA: "C:\\Data" }, "win32")).toBe(
      "C:\\Data\\carbon\\carbon.db",
    );
  });
});

describe("database path precedence", () => {
  it("--db beats CARBON_DB beats the default", () => {
    const env = { HOME: "/home/ana", CARBON_DB: "/srv/env.db", XDG_DATA_HOME: "/xdg" };
    expect(resolveDbPath({ db: "/srv/flag.db" }, env)).toBe("/srv/flag.db");
    expect(resolveDbPath({}, env)).toBe("/srv/env.db");
    if (process.platform === "linux") {
      expect(resolveDbPath({}, { HOME: "/home/ana", XDG_DATA_HOME: "/xdg" })).toBe(
        "/xdg/carbon/carbon.db",
      );
    }
  });

  it("a relative --db is made absolute", () => {
    expect(resolveDbPath({ db: "data/x.db" }, {})).toMatch(/^\/.*\/data\/x\.db$/);
  });
});
