// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  checkCard,
  getDemand,
  getStats,
  isApiError,
  listCards,
  listDemands,
  submitDemand,
  validateDemand,
  validateDemandSimple,
  type DemandForm,
} from "../api";
import { kinds, type AnyKind } from "../kinds";
import { avatarBase64 } from "./avatar";
import { hasPhoto } from "./fields";
import { demoCardToken } from "./index";
import { rejectionOf, seededForm, useSignedInDemoServer } from "./test-support";

const demo = useSignedInDemoServer();

const origin = () => location.origin;
const pngBlob = () => new Blob([Uint8Array.from(atob(avatarBase64(1)), (c) => c.charCodeAt(0))], { type: "image/png" });

const formFor = (kind: AnyKind, register: string) => seededForm(demo.server.db, kind.id, register);

describe.each(Object.values(kinds) as AnyKind[])("$id demands", (kind) => {
  const path = kind.paths.demands;

  it("pages 10 by 10 with absolute links that keep the query", async () => {
    const first = await listDemands(kind, { filter: "no_validated" });
    expect(first.count).toBe(60);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${origin()}${path}?page=2&validated=false`);
    const second = await listDemands(kind, { link: first.next });
    expect(second.results[0]?.id).not.toBe(first.results[0]?.id);
    expect(second.previous).toBe(`${origin()}${path}?validated=false`);
    const last = await listDemands(kind, { link: `${origin()}${path}?page=6&validated=false` });
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(10);
    const beyond = await rejectionOf(listDemands(kind, { link: `${origin()}${path}?page=7&validated=false` }));
    expect(isApiError(beyond) && beyond.kind).toBe("notFound");
  });

  it("filters by validated and searches register or code, newest first", async () => {
    expect((await listDemands(kind, { filter: "validated" })).count).toBe(30);
    const all = await listDemands(kind, { filter: "all" });
    expect(all.count).toBe(90);
    const dates = all.results.map((d) => Date.parse(d.insert_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const some = all.results[3];
    if (!some) throw new Error("empty page");
    const byRegister = await listDemands(kind, { filter: "all", search: some.register.toLowerCase() });
    expect(byRegister.results.map((d) => d.id)).toContain(some.id);
    const byCode = await listDemands(kind, { filter: "all", search: some.code.slice(-4) });
    expect(byCode.results.map((d) => d.id)).toContain(some.id);
    // Names too, either order, any case (the search box says: name, registration number or code).
    for (const name of [
      some.lastname,
      `${some.firstname} ${some.lastname}`,
      `${some.lastname} ${some.firstname}`.toUpperCase(),
    ]) {
      expect((await listDemands(kind, { filter: "all", search: name })).results.map((d) => d.id)).toContain(some.id);
    }
    const searched = await listDemands(kind, { filter: "no_validated", search: kind.demandPrefix.toLowerCase() });
    expect(searched.next).toBe(`${origin()}${path}?page=2&search=${kind.demandPrefix.toLowerCase()}&validated=false`);
  });

  it("date-filter extension: oldest first within a window, links keep it, a malformed day is a 400", async () => {
    const all = await listDemands(kind, { filter: "all", oldestFirst: true });
    const dates = all.results.map((d) => Date.parse(d.insert_at));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(all.next).toBe(`${origin()}${path}?ordering=insert_at&page=2`);
    const day = all.results[0]?.insert_at.slice(0, 10) ?? "";
    const sameDay = await listDemands(kind, { filter: "all", receivedAfter: day, receivedBefore: day });
    expect(sameDay.count).toBeGreaterThan(0);
    expect(sameDay.results.every((d) => d.insert_at.startsWith(day))).toBe(true);
    const refused = await rejectionOf(listDemands(kind, { filter: "all", receivedAfter: "2026-02-30" }));
    expect(isApiError(refused) && [refused.kind, refused.content]).toEqual([
      "badRequest",
      { received_after: ["Enter a valid date."] },
    ]);
  });

  it("submits a demand (201 {id, code}) and refuses a duplicate register as 'exist'", async () => {
    demo.setToken(null); // submission is public
    const form = formFor(kind, "NEW01");
    if (hasPhoto(kind)) form.photo = pngBlob();
    const sent = await submitDemand(kind, form);
    // 9 random digits: a code never follows the previous one (extension `track` opens a request by its code).
    expect(sent.code).toMatch(new RegExp(`^${kind.demandPrefix}\\d{9}$`));
    const duplicate = await rejectionOf(submitDemand(kind, form));
    expect(isApiError(duplicate) && duplicate.kind).toBe("exist");
    expect(isApiError(duplicate) && duplicate.content).toEqual({ register: ["This demand already exist."] });
    await demo.signIn();
    const read = await getDemand(kind, sent.id);
    expect(read).toMatchObject({ id: sent.id, code: sent.code, register: "NEW01", validated: false });
    if (hasPhoto(kind)) expect((read as { photo_str?: string | null }).photo_str).toBe(avatarBase64(1));
    expect((await listDemands(kind)).results[0]?.id).toBe(sent.id);
  });

  it("answers field errors for missing or invalid fields", async () => {
    const { firstname: _drop, ...rest } = formFor(kind, "NEW02");
    const error = await rejectionOf(submitDemand(kind, { ...rest, phone: "12345", email: "nope" }));
    expect(isApiError(error) && error.kind).toBe("badRequest");
    expect(isApiError(error) && error.content).toEqual({
      firstname: ["This field is required."],
      phone: ["Invalid phone number."],
      email: ["Enter a valid email address."],
    });
  });

  it("lists demands without their photos (a page stays light); the detail carries it", async () => {
    const page = await listDemands(kind, { filter: "all" });
    expect(page.results.every((d) => !("photo_str" in d))).toBe(true);
    if (hasPhoto(kind))
      expect(((await getDemand(kind, page.results[0]!.id)) as { photo_str?: string | null }).photo_str).toBeTruthy();
  });

  it("limits free text: birth place 100 characters, allergies 500, e-mail 254", async () => {
    const form = formFor(kind, "LIM01");
    const email = `${"e".repeat(250)}@x.cm`;
    const error = await rejectionOf(
      submitDemand(kind, { ...form, birth_place: "b".repeat(101), allergies: "a".repeat(200_000), email }),
    );
    expect(isApiError(error) && error.content).toEqual({
      ...("birth_place" in form ? { birth_place: ["Ensure this field has no more than 100 characters."] } : {}),
      allergies: ["Ensure this field has no more than 500 characters."],
      ...("email" in form ? { email: ["Ensure this field has no more than 254 characters."] } : {}),
    });
  });

  it("refuses names and codes holding invisible or reordering characters", async () => {
    const error = await rejectionOf(
      submitDemand(kind, {
        ...formFor(kind, "INV01"),
        firstname: "\u200B\u200B",
        lastname: "Jean\u202Eenne",
        contact_person_name: "A\u0007",
      }),
    );
    expect(isApiError(error) && error.content).toEqual({
      firstname: ["Enter a valid value."],
      lastname: ["Enter a valid value."],
      contact_person_name: ["Enter a valid value."],
    });
  });

  it("refuses a birth date that does not exist, is in the future, or makes the holder under 14 or over 100, saying which", async () => {
    const year = new Date().getFullYear();
    for (const [birth_at, message] of [
      ["2003-02-31", "This date does not exist."],
      [`${year + 1}-01-01`, "The birth date cannot be in the future."],
      [`${year - 10}-06-15`, "The holder must be at least 14 years old."],
      [`${year - 105}-06-15`, "The holder cannot be more than 100 years old."],
    ] as const) {
      const error = await rejectionOf(submitDemand(kind, { ...formFor(kind, "BDT01"), birth_at }));
      expect(isApiError(error) && error.content, birth_at).toEqual({ birth_at: [message] });
    }
    expect((await listDemands(kind, { filter: "all", search: "BDT01" })).count).toBe(0);
  });

  it("refuses lone surrogates, non-characters and replacement characters in every text field", async () => {
    const form = formFor(kind, "SUR01");
    const texts = {
      firstname: "Ngo\uD800no",
      lastname: "Bi\uDC00long",
      contact_person_name: "Ab\uFFFEc",
      nid: "12\uFDD0",
      birth_place: "Douala\uFFFD",
    };
    const sent = Object.fromEntries(Object.entries(texts).filter(([name]) => name in form));
    const withAllergies = "allergies" in form ? { allergies: "Arachides\u{1FFFF}" } : {};
    const error = await rejectionOf(submitDemand(kind, { ...form, ...sent, ...withAllergies, email: "a\uD800@b.cm" }));
    const expected = Object.fromEntries(
      [...Object.keys(sent), ...Object.keys(withAllergies), ...("email" in form ? ["email"] : [])].map((name) => [
        name,
        ["Enter a valid value."],
      ]),
    );
    expect(isApiError(error) && error.content).toEqual(expected);
    expect((await listDemands(kind, { filter: "all", search: "SUR01" })).count).toBe(0);
  });

  it("counts lengths in characters (code points) as Django does: 20 emoji are a 20-character first name", async () => {
    const emoji = "\u{1F600}";
    const sent = await submitDemand(kind, { ...formFor(kind, "EMO01"), firstname: emoji.repeat(20) });
    expect((await getDemand(kind, sent.id)).firstname).toBe(emoji.repeat(20));
    const error = await rejectionOf(submitDemand(kind, { ...formFor(kind, "EMO02"), firstname: emoji.repeat(21) }));
    expect(isApiError(error) && error.content).toEqual({
      firstname: ["Ensure this field has no more than 20 characters."],
    });
  });

  it("validates fully: stamps the demand, issues a card, counts move", async () => {
    const stats = await getStats();
    const cards = (await listCards(kind)).count;
    const pending = (await listDemands(kind)).results.find(
      (d) => hasPhoto(kind) === false || demo.server.db.demand(kind.id, d.id)?.photo,
    );
    if (!pending) throw new Error("no pending demand");
    const form: DemandForm = { ...formFor(kind, pending.register), firstname: "Éloïse" };
    const answer = await validateDemand(kind, pending.id, form);
    expect(answer).toMatchObject({ id: pending.id, validated: true });
    expect(typeof answer?.card).toBe("string");
    const after = await getDemand(kind, pending.id);
    expect(after).toMatchObject({ validated: true, firstname: "Éloïse" });
    expect(demo.server.db.demand(kind.id, pending.id)?.update_at).toBeTruthy();
    expect((await listCards(kind)).count).toBe(cards + 1);
    const now = await getStats();
    expect(now[kind.statsKey]).toBe(stats[kind.statsKey] - 1);
    expect(now.total_demands).toBe(stats.total_demands - 1);
    expect(now.active_cards).toBe(stats.active_cards + 1);
    const again = await rejectionOf(validateDemandSimple(kind, pending.id));
    expect(isApiError(again) && again.kind).toBe("badRequest");
  });

  it("validates simply (no body) and gives the next card code", async () => {
    const pending = (await listDemands(kind)).results[1];
    if (!pending) throw new Error("no pending demand");
    const answer = await validateDemandSimple(kind, pending.id);
    const card = (await listCards(kind)).results[0];
    expect(card?.id).toBe(answer?.card);
    expect(card?.code).toMatch(new RegExp(`^${kind.codePrefix}\\d{6}$`));
    expect(card?.register).toBe(pending.register);
  });

  it("answers 404 {detail} for an unknown demand", async () => {
    const error = await rejectionOf(getDemand(kind, "00000000-0000-4000-8000-000000000000"));
    expect(isApiError(error) && error.kind).toBe("notFound");
    expect(isApiError(error) && error.content).toEqual({ detail: "Not found." });
  });
});

describe.each([kinds.staff, kinds.teacher] as AnyKind[])(
  "$id photo (optional: not in docs/spec.md §3, stored when sent)",
  (kind) => {
    it("stores a photo sent with the demand, and validates without one", async () => {
      demo.setToken(null);
      const { id } = await submitDemand(kind, { ...formFor(kind, "PIC01"), photo: pngBlob() });
      const bare = await submitDemand(kind, formFor(kind, "NOPIC01"));
      await demo.signIn();
      expect(((await getDemand(kind, id)) as { photo_str?: string | null }).photo_str).toBe(avatarBase64(1));
      const answer = await validateDemand(kind, bare.id, formFor(kind, "NOPIC01"));
      expect(answer?.validated).toBe(true);
      // A photo added at full validation goes on the card (its check answer carries it).
      const added = await validateDemand(kind, id, { ...formFor(kind, "PIC01"), photo: pngBlob() });
      const checked = await checkCard(kind, demoCardToken(kind.id, added?.card ?? "")!);
      expect(checked.photo_str).toBe(avatarBase64(1));
    });
  },
);

describe("student validation photo", () => {
  const kind = kinds.student;
  it("requires a photo: a new file, or the one already on the demand", async () => {
    demo.setToken(null);
    const form = formFor(kind, "NOPIC1");
    const { id } = await submitDemand(kind, form);
    await demo.signIn();
    const refused = await rejectionOf(validateDemand(kind, id, formFor(kind, "NOPIC1")));
    expect(isApiError(refused) && refused.content).toEqual({ photo: ["A photo is required to validate this demand."] });
    const bad = await rejectionOf(
      validateDemand(kind, id, { ...formFor(kind, "NOPIC1"), photo: new Blob(["not an image"]) }),
    );
    expect(isApiError(bad) && (bad.content as Record<string, unknown>).photo).toBeDefined();
    const ok = await validateDemand(kind, id, { ...formFor(kind, "NOPIC1"), photo: pngBlob(), niveau: "" });
    expect(ok?.validated).toBe(true);
    expect((await getDemand(kind, id)).niveau ?? null).toBeNull();
  });

  it("stores a clean still image: bytes after the image's end are cut, an animated PNG keeps its default image", async () => {
    demo.setToken(null);
    const clean = Uint8Array.from(atob(avatarBase64(1)), (c) => c.charCodeAt(0));
    const glued = new Blob([clean, new TextEncoder().encode("PK\u0003\u0004<script>alert(1)</script>")], {
      type: "image/png",
    });
    const sent = await submitDemand(kind, { ...formFor(kind, "GLUE01"), photo: glued });
    await demo.signIn();
    expect(((await getDemand(kind, sent.id)) as { photo_str?: string | null }).photo_str).toBe(avatarBase64(1));

    demo.setToken(null);
    const iend = clean.length - 12;
    const acTL = [0, 0, 0, 8, ...new TextEncoder().encode("acTL"), 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    const animated = new Blob([clean.subarray(0, 33), Uint8Array.from(acTL), clean.subarray(33)], {
      type: "image/png",
    });
    expect(iend).toBeGreaterThan(33);
    const moving = await submitDemand(kind, { ...formFor(kind, "ANIM01"), photo: animated });
    await demo.signIn();
    expect(((await getDemand(kind, moving.id)) as { photo_str?: string | null }).photo_str).toBe(avatarBase64(1));
  });

  it("refuses an animated WebP and an image whose end is missing", async () => {
    demo.setToken(null);
    const ascii = (text: string) => Array.from(new TextEncoder().encode(text));
    const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
    const body = [
      ...ascii("WEBP"),
      ...ascii("VP8X"),
      ...le32(10),
      0x02,
      0,
      0,
      0,
      0x5d,
      0x01,
      0,
      0xc1,
      0x01,
      0,
      ...ascii("ANIM"),
      ...le32(6),
      0,
      0,
      0,
      0,
      0,
      0,
    ];
    const webp = new Blob([Uint8Array.from([...ascii("RIFF"), ...le32(body.length), ...body])], { type: "image/webp" });
    const refused = await rejectionOf(submitDemand(kind, { ...formFor(kind, "ANIM02"), photo: webp }));
    expect(isApiError(refused) && refused.content).toEqual({
      photo: ["Upload a still image: animated images are not accepted."],
    });
    const clean = Uint8Array.from(atob(avatarBase64(1)), (c) => c.charCodeAt(0));
    const cut = await rejectionOf(
      submitDemand(kind, {
        ...formFor(kind, "CUT01"),
        photo: new Blob([clean.subarray(0, clean.length - 20)], { type: "image/png" }),
      }),
    );
    expect(isApiError(cut) && cut.content).toEqual({
      photo: ["Upload a valid image. The file you uploaded was either not an image or a corrupted image."],
    });
  });

  it("refuses a photo over 40 megapixels, judged from its header (a small file that would decode to gigabytes)", async () => {
    demo.setToken(null);
    const header = new Uint8Array(64);
    header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(header.buffer).setUint32(16, 20000);
    new DataView(header.buffer).setUint32(20, 20000);
    const refused = await rejectionOf(
      submitDemand(kind, { ...formFor(kind, "BIGPIC1"), photo: new Blob([header], { type: "image/png" }) }),
    );
    expect(isApiError(refused) && refused.content).toEqual({ photo: ["The photo must not exceed 40 megapixels."] });
  });
});
