import { vi } from "vitest";
import { createActor } from "xstate";
import { ApiError, type DemandFilter, type Page, type StudentDemand } from "../api";
import { pageOf, studentDemand } from "../../tests/fixtures/entities";
import { createPagedListMachine, pageFromLink, pageFetcher, type FetchPage, type ListRequest } from "./paged-list";

/** What the paged list machine's tests share: a fake server of demands and a started machine. */

export const base = "http://localhost/student/api/v1/demand/";
export const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ ...studentDemand, id: `d-${from + i}`, code: `DMSTUD${from + i}` }));

/** A fake server of `total` demands, 10 a page, with DRF-style links (page 1 has no page parameter). */
export const server =
  (total: number) =>
  (request: ListRequest<DemandFilter>): Page<StudentDemand> => {
    const page = request.link ? (pageFromLink(request.link) ?? 1) : request.page;
    const pages = Math.max(1, Math.ceil(total / 10));
    if (page > pages) throw new ApiError("notFound", "listDemands", base, 404, { detail: "Invalid page." });
    const link = (p: number) => (p === 1 ? `${base}?validated=false` : `${base}?page=${p}&validated=false`);
    return pageOf(rows(Math.min(10, total - (page - 1) * 10), (page - 1) * 10), {
      count: total,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
    });
  };

export const machine = createPagedListMachine<StudentDemand, DemandFilter>("demandList");

export const start = (
  fetchPage: FetchPage<StudentDemand, DemandFilter>,
  query: { filter: DemandFilter; search?: string; page?: number } = { filter: "no_validated" },
) => {
  const fetch = vi.fn(fetchPage);
  const actor = createActor(machine.provide({ actors: { fetchPage: pageFetcher(fetch) } }), {
    input: { query },
  }).start();
  return { actor, fetch };
};

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
