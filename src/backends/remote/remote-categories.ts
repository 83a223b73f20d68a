/** The remote engine's categories: the spec's listing, whole when no page is asked for. */
import { CategoryIndex } from "../../core/category-index.js";
import { notFound } from "../../core/errors.js";
import type { Category } from "../../core/model/category.js";
import { MAX_PAGE_LIMIT, type Page } from "../../core/model/common.js";
import type { ReadOnlyResourcePort } from "../../core/resource.js";
import { type CategoryFilter, categoriesResource } from "../../core/resources/categories.js";
import type { HttpClient } from "./client.js";
import { allPages } from "./pages.js";
import { remoteReadOnlyResource } from "./resource-client.js";

export function remoteCategories(
  client: HttpClient,
): ReadOnlyResourcePort<Category, CategoryFilter> {
  const listing = remoteReadOnlyResource(client, categoriesResource);
  // Without a limit the whole tree, as the local engine answers it; the server pages. The tree
  // does not change while a command runs: each level is read once.
  const wholes = new Map<string, Promise<Page<Category>>>();
  function whole(query: CategoryFilter): Promise<Page<Category>> {
    const key = query.level ?? "";
    let page = wholes.get(key);
    if (page === undefined) {
      page = readWhole(query);
      wholes.set(key, page);
      page.catch(() => wholes.delete(key));
    }
    return page;
  }
  async function readWhole(query: CategoryFilter): Promise<Page<Category>> {
    const all: Category[] = [];
    for await (const rows of allPages(
      (window) => listing.list({ ...query, ...window }),
      MAX_PAGE_LIMIT,
    )) {
      all.push(...rows);
    }
    return {
      data: all,
      pagination: { page: 1, limit: Math.max(all.length, 1), total: all.length },
    };
  }
  return {
    async list(query): Promise<Page<Category>> {
      if (query.code === undefined && query.parent === undefined) {
        if (query.limit !== undefined) return listing.list(query);
        return whole(query);
      }
      // The interface has neither filter: the tree, searched here as the local engine does.
      const tree = (await whole({})).data;
      const index = new CategoryIndex(tree);
      let data = tree.filter((c) => query.level === undefined || c.level === query.level);
      if (query.parent !== undefined) {
        const parent = index.find(query.parent);
        if (parent === undefined) throw notFound("category", query.parent);
        data = data.filter((c) => c.parentId === parent.id);
      }
      if (query.code !== undefined) {
        const found = index.find(query.code);
        data = data.filter((c) => c === found);
      }
      return { data, pagination: { page: 1, limit: Math.max(data.length, 1), total: data.length } };
    },
  };
}
