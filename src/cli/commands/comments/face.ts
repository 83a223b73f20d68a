import type { ResourceFace } from "../../resource-face.js";

/** The records a comment can be on (the model's list, repeated here to keep --help light). */
const ENTITY_TYPES = [
  "company",
  "building",
  "consumption",
  "supplier",
  "custom-factor",
  "waste-operator",
  "glec-entry",
];

const ENTITY_TYPE = `record type: ${ENTITY_TYPES.join(", ")}`;

/** The comments commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const commentsFace: ResourceFace<"comments"> = {
  name: "comments",
  command: "comments",
  singular: "comment",
  descriptions: {
    list: "List comments, oldest first: of one record, of one company or of every company you see",
    get: "Show one comment",
    upsert:
      "Comment on a record, or change a comment's text when --id names it; the author is you (the OS user locally, the token's user on a server)",
  },
  getArgument: { description: "comment id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (default: every company you see)",
      kind: "company",
      mustExist: true,
    },
    {
      key: "entityType",
      flag: "--entity-type <type>",
      description: `only comments on records of this type (${ENTITY_TYPES.join(", ")})`,
      kind: "choice",
      choices: ENTITY_TYPES,
    },
    {
      key: "entityId",
      flag: "--entity <id>",
      description: "only comments on the record of this id (UUID)",
      kind: "uuid",
    },
  ],
  fields: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name the record belongs to",
      kind: "company",
      required: true,
    },
    {
      key: "entityType",
      flag: "--entity-type <type>",
      description: ENTITY_TYPE,
      kind: "choice",
      choices: ENTITY_TYPES,
      required: true,
    },
    {
      key: "entityId",
      flag: "--entity <id>",
      description: "id (UUID) of the record, which must be the company's",
      kind: "uuid",
      required: true,
    },
    {
      key: "text",
      flag: "--text <text>",
      description: "the comment, 1 to 5000 characters, one line (no control characters)",
      kind: "text",
      required: true,
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon comments list --company Acme",
      "carbon comments list --entity-type building --entity 3f0c1a52-7d4e-4b8a-9c61-2e5f8a9b0c1d",
      "carbon comments list --all --json",
    ],
    get: [
      "carbon comments get 5b7e9c2a-1111-4222-8333-444455556666",
      "carbon comments get 5b7e9c2a-1111-4222-8333-444455556666 --json",
    ],
    upsert: [
      'carbon comments create --company Acme --entity-type building --entity 3f0c1a52-7d4e-4b8a-9c61-2e5f8a9b0c1d --text "Meter replaced in March; check Q1 readings"',
      'carbon comments upsert --id 5b7e9c2a-1111-4222-8333-444455556666 --company Acme --entity-type building --entity 3f0c1a52-7d4e-4b8a-9c61-2e5f8a9b0c1d --text "Q1 readings checked"',
    ],
  },
  deletion: {
    resource: "comment",
    noun: "comment",
    description: "Delete comments (yours; an admin may delete anyone's)",
    notes: ["On carbon serve only a comment's author or an admin may delete it (403 otherwise)."],
    examples: [
      "carbon comments delete c1000000-0000-4000-8000-000000000001",
      "carbon comments delete c1000000-0000-4000-8000-000000000001 --yes",
    ],
  },
  columns: async () => (await import("./columns.js")).commentColumns,
};
