import { describe, expect, it } from "vitest";
import { HttpFailure, type DemoRequest } from "./http";
import type { DemandRecord } from "./models";
import { receivedFiltered } from "./received";

const request = (query: string): DemoRequest => ({
  method: "GET",
  url: new URL(`http://demo/student/api/v1/demand/${query}`),
  params: {},
  headers: {},
  body: { type: "none" },
});

const demand = (code: string, insert_at: string): DemandRecord => ({
  id: code,
  kind: "student",
  seq: 1,
  code,
  insert_at,
  update_at: null,
  validated: false,
  fields: {},
  photo: null,
});

// Newest first, as the demo database keeps them. Days are Douala's (UTC+01:00).
const demands = [
  demand("D-27-morning", "2026-11-27T08:00:00.000+01:00"),
  demand("D-26-first-minute", "2026-11-26T00:00:00.000+01:00"),
  // 23:59 in Douala on the 25th, which is 22:59 UTC: still the 25th.
  demand("D-25-last-minute", "2026-11-25T23:59:59.999+01:00"),
  // Written in UTC by another backend: 23:30 UTC on the 25th is 00:30 on the 26th in Douala.
  demand("D-26-utc", "2026-11-25T23:30:00Z"),
  demand("D-20", "2026-11-20T10:00:00.000+01:00"),
];
const codes = (query: string) => receivedFiltered(request(query), demands).map((d) => d.code);

describe("demo backend, date-filter extension (docs/extensions.md)", () => {
  it("received_after and received_before take whole Douala days, both ends included", () => {
    expect(codes("?received_after=2026-11-26&received_before=2026-11-26")).toEqual(["D-26-first-minute", "D-26-utc"]);
    expect(codes("?received_after=2026-11-26")).toEqual(["D-27-morning", "D-26-first-minute", "D-26-utc"]);
    expect(codes("?received_before=2026-11-25")).toEqual(["D-25-last-minute", "D-20"]);
    expect(codes("?received_after=2026-11-28")).toEqual([]);
    expect(codes("?received_after=&received_before=")).toHaveLength(demands.length);
  });

  it("ordering=insert_at is oldest first, -insert_at newest first; an unknown ordering is ignored, as DRF does", () => {
    expect(codes("?ordering=insert_at")).toEqual([
      "D-20",
      "D-25-last-minute",
      "D-26-first-minute",
      "D-26-utc",
      "D-27-morning",
    ]);
    expect(codes("?ordering=-insert_at")).toEqual([
      "D-27-morning",
      "D-26-utc",
      "D-26-first-minute",
      "D-25-last-minute",
      "D-20",
    ]);
    expect(codes("?ordering=register")).toEqual(demands.map((d) => d.code));
  });

  it.each([
    ["?received_after=2026-02-31", { received_after: ["Enter a valid date."] }],
    ["?received_before=26/11/2026", { received_before: ["Enter a valid date."] }],
    [
      "?received_after=today&received_before=2026-13-01",
      { received_after: ["Enter a valid date."], received_before: ["Enter a valid date."] },
    ],
  ])("a malformed day %s is refused with 400 and the field's message", (query, body) => {
    let failure: unknown;
    try {
      receivedFiltered(request(query), demands);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(HttpFailure);
    expect(failure).toMatchObject({ status: 400, body });
  });
});
