import { describe, expect, it, vi } from "vitest";
import { capabilityNames } from "../api/capabilities";
import { contactFromEnv } from "../../build/plugins/runtime-config-file";
import { capabilityOn, ConfigError, contactOf, loadRuntimeConfig, publicCheckOf } from "./config";
import { DEMO_CONTACT } from "./config-contact";

const answering =
  (status: number, body = "") =>
  async () =>
    new Response(status === 404 ? "Not found" : body, { status });

describe("runtime config", () => {
  it("a built site without config.json fails closed: not configured, never the demo", async () => {
    const error = await loadRuntimeConfig(answering(404), { whenMissing: "fail" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ reason: "missing" });
  });

  it("the development server without config.json runs the demo", async () => {
    await expect(loadRuntimeConfig(answering(404), { whenMissing: "demo" })).resolves.toEqual({ mode: "demo" });
  });

  it("reads live and demo configs; refuses unusable ones", async () => {
    await expect(
      loadRuntimeConfig(answering(200, '{"mode":"live","apiBaseUrl":"https://h/backend/"}')),
    ).resolves.toEqual({
      mode: "live",
      apiBaseUrl: "https://h/backend/",
    });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"demo","demoLatency":0}'))).resolves.toEqual({
      mode: "demo",
      demoLatency: 0,
    });
    for (const body of ['{"mode":"prod"}', "not json", '{"mode":"demo","demoLatency":-1}']) {
      await expect(loadRuntimeConfig(answering(200, body))).rejects.toMatchObject({ reason: "invalid" });
    }
    await expect(loadRuntimeConfig(answering(500))).rejects.toMatchObject({ reason: "invalid" });
  });

  it("learns it is a classroom from the classroom server's live config only; the live app is unchanged without the flag", async () => {
    await expect(
      loadRuntimeConfig(answering(200, '{"mode":"live","apiBaseUrl":"","classroom":true}')),
    ).resolves.toEqual({ mode: "live", apiBaseUrl: "", classroom: true });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"live","classroom":false}'))).resolves.toEqual({
      mode: "live",
    });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"demo","classroom":true}'))).resolves.toEqual({
      mode: "demo",
    });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"live","classroom":"yes"}'))).rejects.toMatchObject({
      reason: "invalid",
    });
  });
});

describe("capabilities (docs/extensions.md)", () => {
  const read = (body: unknown) => loadRuntimeConfig(answering(200, JSON.stringify(body)));

  it("a live config without a declaration has no extension on: the app is exactly the spec's", async () => {
    const config = await read({ mode: "live", apiBaseUrl: "" });
    expect(capabilityNames.filter((name) => capabilityOn(config, name))).toEqual([]);
  });

  it("a live config turns on what it declares, and only that", async () => {
    const config = await read({ mode: "live", apiBaseUrl: "", capabilities: ["date-filter"] });
    expect(capabilityOn(config, "date-filter")).toBe(true);
    expect(capabilityOn(config, "reject")).toBe(false);
  });

  it("demo mode offers what the embedded demo backend implements, unless its config says otherwise", async () => {
    expect(capabilityOn(await read({ mode: "demo" }), "date-filter")).toBe(true);
    expect(capabilityOn(await read({ mode: "demo" }), "reject")).toBe(true);
    expect(capabilityOn(await read({ mode: "demo" }), "track")).toBe(true);
    expect(capabilityOn(await read({ mode: "demo", capabilities: [] }), "date-filter")).toBe(false);
  });

  it("ignores unknown names with one warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = await read({ mode: "live", capabilities: ["date-filter", "teleport", "fly"] });
    expect(config.capabilities).toEqual(["date-filter"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("teleport, fly");
  });

  it("a malformed declaration is a config error (fail closed)", async () => {
    for (const capabilities of ["date-filter", [1], { "date-filter": true }, null]) {
      await expect(read({ mode: "live", capabilities })).rejects.toMatchObject({ reason: "invalid" });
    }
  });

  it("names the pickup office when config.json does (trimmed; blank is none); anything else is a config error", async () => {
    expect((await read({ mode: "live", pickupOffice: " Service des cartes, bâtiment A " })).pickupOffice).toBe(
      "Service des cartes, bâtiment A",
    );
    expect(await read({ mode: "live", pickupOffice: "  " })).not.toHaveProperty("pickupOffice");
    for (const pickupOffice of [12, "x".repeat(201), null]) {
      await expect(read({ mode: "live", pickupOffice })).rejects.toMatchObject({ reason: "invalid" });
    }
  });
});

describe("replacementFee (the lifecycle extension, docs/deploying.md)", () => {
  const read = (body: unknown) => loadRuntimeConfig(answering(200, JSON.stringify(body)));

  it("is the office's standard fee in FCFA, whole and not negative; anything else is a config error", async () => {
    expect((await read({ mode: "live", replacementFee: 5000 })).replacementFee).toBe(5000);
    expect(await read({ mode: "live" })).not.toHaveProperty("replacementFee");
    for (const replacementFee of ["5 000", -1, 2.5, null]) {
      await expect(read({ mode: "live", replacementFee })).rejects.toMatchObject({ reason: "invalid" });
    }
  });
});

describe("cardValidity (the lifecycle extension, docs/deploying.md)", () => {
  const read = (body: unknown) => loadRuntimeConfig(answering(200, JSON.stringify(body)));

  it("is read with its defaults filled in, absent stays absent, and a wrong value is an unusable config", async () => {
    await expect(read({ mode: "live", cardValidity: { academicYearEnd: "07-31" } })).resolves.toEqual({
      mode: "live",
      cardValidity: { academicYearEnd: "07-31", staffYears: 5, teacherYears: 5 },
    });
    await expect(read({ mode: "live" })).resolves.toEqual({ mode: "live" });
    await expect(read({ mode: "live", cardValidity: { staffYears: "five" } })).rejects.toMatchObject({
      reason: "invalid",
    });
  });
});

describe("publicCheck (what the public check page shows, docs/deploying.md)", () => {
  const read = (body: unknown) => loadRuntimeConfig(answering(200, JSON.stringify(body)));

  it('is "full" when left out, and reads "identity-only"', async () => {
    expect(publicCheckOf(await read({ mode: "live" }))).toBe("full");
    expect(publicCheckOf(await read({ mode: "live", publicCheck: "full" }))).toBe("full");
    expect(publicCheckOf(await read({ mode: "live", publicCheck: "identity-only" }))).toBe("identity-only");
  });

  it("fails closed on any other value: a configuration error, never the full card", async () => {
    for (const publicCheck of ["identity only", "IDENTITY-ONLY", "none", true, null, 1]) {
      await expect(read({ mode: "live", publicCheck })).rejects.toMatchObject({
        name: "ConfigError",
        reason: "invalid",
        message: 'config.json: publicCheck must be "full" or "identity-only"',
      });
    }
  });
});

describe("kindPaths (where a site's backend mounts a kind, docs/deploying.md)", () => {
  const read = (body: unknown) => loadRuntimeConfig(answering(200, JSON.stringify(body)));
  const teacher = { root: "/staff/api/v1/", segment: "teacher/", check: "checkcard/teacher" };

  it("reads each kind's root (trailing slash or not), segment and check path", async () => {
    await expect(read({ mode: "live", kindPaths: { teacher } })).resolves.toEqual({
      mode: "live",
      kindPaths: { teacher: { root: "/staff/api/v1", segment: "teacher/", check: "checkcard/teacher" } },
    });
    await expect(
      read({ mode: "live", kindPaths: { student: { root: "/etudiants/api/v1", segment: "", check: "checkcard/" } } }),
    ).resolves.toMatchObject({
      kindPaths: { student: { root: "/etudiants/api/v1", segment: "", check: "checkcard/" } },
    });
  });

  it("fails closed on anything it cannot use, naming what is wrong", async () => {
    const wrong: [unknown, string][] = [
      [[teacher], "kindPaths must be an object"],
      [{ teachers: teacher }, "kindPaths.teachers is not a kind"],
      [{ teacher: "/staff/api/v1/" }, "kindPaths.teacher must be an object"],
      [{ teacher: { ...teacher, prefix: "/x/" } }, "unknown keys prefix"],
      [{ teacher: { segment: "teacher/", check: "checkcard/teacher" } }, "kindPaths.teacher.root"],
      [{ teacher: { ...teacher, root: "staff/api/v1/" } }, "kindPaths.teacher.root"],
      [{ teacher: { ...teacher, root: "https://other.example/api/" } }, "kindPaths.teacher.root"],
      [{ teacher: { ...teacher, root: "/staff/../admin/" } }, "kindPaths.teacher.root"],
      [{ teacher: { ...teacher, root: "/staff//api/" } }, "kindPaths.teacher.root"],
      [{ teacher: { ...teacher, segment: "teacher" } }, "kindPaths.teacher.segment"],
      [{ teacher: { ...teacher, segment: "/teacher/" } }, "kindPaths.teacher.segment"],
      [{ teacher: { ...teacher, segment: "teacher/?x=1/" } }, "kindPaths.teacher.segment"],
      [{ teacher: { ...teacher, check: "" } }, "kindPaths.teacher.check"],
      [{ teacher: { ...teacher, check: "/checkcard/teacher" } }, "kindPaths.teacher.check"],
      [{ teacher: { ...teacher, check: null } }, "kindPaths.teacher.check"],
    ];
    for (const [kindPaths, named] of wrong) {
      const error = await read({ mode: "live", kindPaths }).catch((e: unknown) => e);
      expect(error, JSON.stringify(kindPaths)).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ reason: "invalid", message: expect.stringContaining(named) });
    }
  });
});

describe("contact (the card office's details, docs/deploying.md)", () => {
  const read = (body: unknown) => loadRuntimeConfig(answering(200, JSON.stringify(body)));
  const contact = { email: " cartes@univ-douala.cm ", phone: "+237 233 40 10 10", address: ["Bâtiment A", "Douala"] };

  it("is read trimmed; a live site without it has none, the demo and the classroom the demo university's", async () => {
    const config = await read({ mode: "live", contact });
    expect(contactOf(config)).toEqual({ ...contact, email: "cartes@univ-douala.cm" });
    expect(contactOf(await read({ mode: "live", contact: { phone: "233 40 10 10" } }))).toEqual({
      phone: "233 40 10 10",
    });
    expect(contactOf(await read({ mode: "live" }))).toEqual({});
    expect(contactOf(await read({ mode: "demo" }))).toEqual(DEMO_CONTACT);
    expect(contactOf(await read({ mode: "live", apiBaseUrl: "", classroom: true }))).toEqual(DEMO_CONTACT);
  });

  it("fails closed on details it cannot show", async () => {
    for (const wrong of [
      "cartes@univ-douala.cm",
      { mail: "cartes@univ-douala.cm" },
      { email: "cartes at univ" },
      { phone: "call us" },
      { address: "Douala" },
      { address: [] },
      { address: ["Bâtiment A", ""] },
    ]) {
      await expect(read({ mode: "live", contact: wrong }), JSON.stringify(wrong)).rejects.toMatchObject({
        reason: "invalid",
        message: expect.stringContaining("config.json: contact"),
      });
    }
  });
});

describe("the build's config.json contact (CAMPUS_CONTACT_*)", () => {
  it("a demo build carries the demo's, a live build only what the environment sets", () => {
    expect(contactFromEnv({}, "demo")).toEqual(DEMO_CONTACT);
    expect(contactFromEnv({}, "live")).toBeUndefined();
    expect(
      contactFromEnv(
        { CAMPUS_CONTACT_EMAIL: "cartes@univ-douala.cm", CAMPUS_CONTACT_ADDRESS: "Bâtiment A | BP 2701 | Douala" },
        "live",
      ),
    ).toEqual({ email: "cartes@univ-douala.cm", address: ["Bâtiment A", "BP 2701", "Douala"] });
    expect(() => contactFromEnv({ CAMPUS_CONTACT_PHONE: "none" }, "live")).toThrow(/CAMPUS_CONTACT_\*.*phone/);
  });
});
