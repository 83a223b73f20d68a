/**
 * The interface mocks' users: `GET /users?companyId` lists the seeded and POSTed accounts,
 * `POST /users` upserts by id, `PATCH /users` changes one, `POST /users/invite` answers a pending
 * account without a code (the hosted service e-mails its invitations). The hosted shape answers
 * `roles` as one value and no e-mail, as its published body has it.
 */
import { randomUUID } from "node:crypto";
import { type Call, type Handler, type Item, ok, page, type Shapes } from "./mock-store.js";

function isItem(value: unknown): value is Item {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function companiesOf(item: Item): string[] {
  const list = item.companies;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) =>
    isItem(entry) && typeof entry.companyId === "string" ? [entry.companyId] : [],
  );
}

export function userHandlers(shapes: Shapes, seeded: readonly Item[]): Record<string, Handler> {
  const users = new Map(seeded.map((user) => [String(user.id), user] as const));
  const hosted = shapes === "hosted";
  const answer = (user: Item): Item => {
    if (!hosted) return user;
    const { email: _email, role: _role, roles, ...rest } = user;
    return { ...rest, roles: Array.isArray(roles) ? roles[0] : roles };
  };
  const merge = (call: Call, status: number) => {
    const body = isItem(call.body) ? call.body : {};
    const id = typeof body.id === "string" ? body.id : randomUUID();
    const before = users.get(id) ?? {};
    const roles = body.roles === undefined ? before.roles : [body.roles].flat();
    const user = { ...before, ...body, id, ...(roles === undefined ? {} : { roles }) };
    users.set(id, user);
    return ok(answer(user), status);
  };
  return {
    "GET /api/v1/users": (call) => {
      const company = call.query.companyId;
      const listed = [...users.values()].filter(
        (user) => typeof company !== "string" || companiesOf(user).includes(company),
      );
      return page(listed.map(answer), call.query);
    },
    "POST /api/v1/users": (call) => merge(call, 201),
    "PATCH /api/v1/users": (call) => {
      const body = isItem(call.body) ? call.body : {};
      if (typeof body.id !== "string" || !users.has(body.id)) {
        return { status: 404, body: { message: "user not found" } };
      }
      return merge(call, 200);
    },
    "POST /api/v1/users/invite": (call) => {
      const body = isItem(call.body) ? call.body : {};
      const user = {
        id: randomUUID(),
        email: body.email,
        roles: [body.roles].flat(),
        companies: [{ companyId: body.companyId }],
        status: "pending",
      };
      users.set(user.id, user);
      return ok(hosted ? { status: "ok" } : { user: answer(user) }, 201);
    },
  };
}
