import { describe, expect, it } from "vitest";
import type { Capability } from "../../api/capabilities";
import { visibleMenu } from "./menu";

const hrefs = (admin: boolean, declared?: (capability: Capability) => boolean) =>
  visibleMenu(admin, declared).flatMap((group) => group.links.map((link) => link.href));

describe("the back office's menu", () => {
  it("without the lifecycle extension, is the spec's: no bulk renewal, no agents' activity", () => {
    for (const admin of [false, true]) {
      expect(hrefs(admin).filter((href) => href.endsWith("/renewal") || href.endsWith("/activity"))).toEqual([]);
    }
  });

  it("with it, offers each kind's bulk renewal to agents and administrators, the agents' activity to administrators", () => {
    const lifecycle = (capability: Capability) => capability === "lifecycle";
    for (const admin of [false, true]) {
      expect(hrefs(admin, lifecycle)).toEqual(
        expect.arrayContaining([
          "/dashboard/student/renewal",
          "/dashboard/staff/renewal",
          "/dashboard/teacher/renewal",
        ]),
      );
    }
    expect(hrefs(false, lifecycle)).not.toContain("/dashboard/activity");
    expect(hrefs(true, lifecycle)).toContain("/dashboard/activity");
  });
});
