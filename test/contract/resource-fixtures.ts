/**
 * The fixtures of the generic resource contract, one file per plain resource in fixtures/
 * (`fixtures/waste-operators.ts` exporting `fixture: ResourceFixture<"wasteOperators">`), found
 * by reading the folder: a new resource adds its file and nothing here. Loading fails, naming
 * them, when a resource of src/core/resources/index.ts has no fixture, a fixture names no
 * resource, two fixtures name the same one, or a file exports no fixture.
 */
import { isResourceName, resourceNames } from "../../src/core/resources/index.js";
import type { ReadOnlyName, ResourceName } from "../../src/core/service.js";
import { failOnProblems, importFolder } from "./folder-modules.js";
import type { ReadOnlyFixture } from "./read-only-resources.js";
import type { ResourceFixture } from "./resources.js";

const fixturesFolder = new URL("./fixtures/", import.meta.url);

/** What the fixture files share (ids, the owner company): not a fixture. */
const sharedFile = "shared.ts";

type AnyFixture = ResourceFixture<ResourceName>;

function isFixture(value: unknown): value is AnyFixture {
  if (typeof value !== "object" || value === null) return false;
  const { name, setup, sample, changed } = value as Partial<Record<keyof AnyFixture, unknown>>;
  return (
    typeof name === "string" &&
    typeof setup === "function" &&
    typeof sample === "function" &&
    typeof changed === "function"
  );
}

async function discoverFixtures(): Promise<{ readonly [K in ResourceName]: ResourceFixture<K> }> {
  const found = new Map<string, { fixture: AnyFixture; file: string }>();
  const problems: string[] = [];
  for (const { file, exports } of await importFolder(fixturesFolder, [sharedFile])) {
    const fixture = exports.fixture;
    if (!isFixture(fixture)) {
      problems.push(`${file} exports no \`fixture\` (a ResourceFixture)`);
      continue;
    }
    const other = found.get(fixture.name);
    if (other !== undefined) {
      problems.push(`${file} and ${other.file} are both the fixture of "${fixture.name}"`);
    } else if (!isResourceName(fixture.name)) {
      problems.push(`${file} is the fixture of "${fixture.name}", which is no plain resource`);
    } else {
      found.set(fixture.name, { fixture, file });
    }
  }
  for (const name of resourceNames) {
    if (!found.has(name)) problems.push(`the resource "${name}" has no fixture file`);
  }
  failOnProblems(fixturesFolder, "The resource fixtures do not match the resources", problems);
  // Checked above: one fixture per resource name, each keyed by its own name.
  return Object.fromEntries(
    [...found].map(([name, { fixture }]) => [name, fixture]),
  ) as unknown as { readonly [K in ResourceName]: ResourceFixture<K> };
}

/** Every resource's fixture, each run by the generic resource contract on every driver. */
export const resourceFixtures: { readonly [K in ResourceName]: ResourceFixture<K> } =
  await discoverFixtures();

/** Every read-only resource's fixture, each run by the read-only contract on every driver. */
export const readOnlyFixtures: { readonly [K in ReadOnlyName]: ReadOnlyFixture<K> } = {
  categories: {
    name: "categories",
    filter: { level: "subcategory" },
    keeps: (category) => category.level === "subcategory",
  },
};
