/** Writes the plain resources' rows of docs/http-api.md from their descriptors (built in dist/). */
import { readFileSync, writeFileSync } from "node:fs";
import { withResourceRoutes } from "../dist/server/resource-docs.js";

const doc = new URL("../docs/http-api.md", import.meta.url);
writeFileSync(doc, withResourceRoutes(readFileSync(doc, "utf8")));
