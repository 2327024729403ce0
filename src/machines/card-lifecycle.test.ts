import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import { ApiError, type FileBody } from "../api";
import { staff, student } from "../kinds";
import { staffCard, studentCard } from "../../tests/fixtures/entities";
import { canNotifyPrint, cardLifecycleMachine, printCountOf, type AnyCard } from "./card-lifecycle";
import { deferred } from "../../tests/fixtures/deferred";

const pdfFile = (n = 1): FileBody => ({
  blob: new Blob([`%PDF-${n}`], { type: "application/pdf" }),
  fileName: `card-${n}.pdf`,
  contentType: "application/pdf",
});
const cardPath = `/student/api/v1/card/${studentCard.id}/`;

interface Options {
  card?: () => Promise<AnyCard>;
  pdf?: () => Promise<FileBody>;
  notify?: () => Promise<{ print_count: number }>;
}

const build = (options: Options = {}) => {
  const loadCard = vi.fn(options.card ?? (async () => studentCard));
  let pdfs = 0;
  const loadPdf = vi.fn(options.pdf ?? (async () => pdfFile(++pdfs)));
  const notify = vi.fn(options.notify ?? (async () => ({ print_count: 2 })));
  const created: string[] = [];
  const revoked: string[] = [];
  let urls = 0;
  const machine = cardLifecycleMachine.provide({
    actors: {
      loadCard: fromPromise(() => loadCard()),
      loadPdf: fromPromise(() => loadPdf()),
      notifyPrint: fromPromise(() => notify()),
      objectUrl: fromCallback(({ sendBack }) => {
        const url = `blob:test/${++urls}`;
        created.push(url);
        sendBack({ type: "PDF_URL", url });
        return () => revoked.push(url);
      }),
    },
  });
  const actor = createActor(machine, { input: { kind: student, id: studentCard.id } });
  const emitted: { type: string }[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, loadCard, loadPdf, notify, created, revoked, emitted };
};

const allReady = (s: ReturnType<ReturnType<typeof build>["actor"]["getSnapshot"]>) =>
  s.matches({ card: "ready", pdf: "ready" }) && s.context.pdfUrl !== null;

describe("card lifecycle machine", () => {
  it("loads the card and its PDF in parallel; the PDF gets an object URL", async () => {
    const { actor, loadCard, loadPdf, created } = build();
    expect(actor.getSnapshot().value).toEqual({ card: "loading", pdf: "loading", notify: "idle" });
    await waitFor(actor, allReady);
    const { context } = actor.getSnapshot();
    expect(loadCard).toHaveBeenCalledTimes(1);
    expect(loadPdf).toHaveBeenCalledTimes(1);
    expect(context.card).toEqual(studentCard);
    expect(context.pdf?.fileName).toBe("card-1.pdf");
    expect(context.pdfUrl).toBe("blob:test/1");
    expect(created).toEqual(["blob:test/1"]);
  });

  it("a card load failure does not stop the PDF; RETRY_CARD reloads the card only", async () => {
    let fail = true;
    const { actor, loadCard, loadPdf } = build({
      card: async () => {
        if (fail) throw new ApiError("server", "getCard", cardPath, 500, null);
        return studentCard;
      },
    });
    await waitFor(actor, (s) => s.matches({ card: "failed", pdf: "ready" }));
    expect(actor.getSnapshot().context.cardErrorKey).toBe("errors:server");
    fail = false;
    actor.send({ type: "RETRY_CARD" });
    await waitFor(actor, (s) => s.matches({ card: "ready" }));
    expect(loadCard).toHaveBeenCalledTimes(2);
    expect(loadPdf).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.cardErrorKey).toBeNull();
  });

  it("says 'Loading error' for a card that fails for an unclassified reason", async () => {
    const { actor } = build({ card: () => Promise.reject(new ApiError("notFound", "getCard", cardPath, 404, null)) });
    await waitFor(actor, (s) => s.matches({ card: "failed" }));
    expect(actor.getSnapshot().context.cardErrorKey).toBe("errors:cardsLoadError");
  });

  it("a PDF failure shows 'PDF loading error'; RETRY_PDF reloads the PDF only", async () => {
    let fail = true;
    const { actor, loadCard, loadPdf, created } = build({
      pdf: async () => {
        if (fail) throw new ApiError("http", "getCardPdf", `${cardPath}pdf/`, 403, null);
        return pdfFile(9);
      },
    });
    await waitFor(actor, (s) => s.matches({ card: "ready", pdf: "failed" }));
    expect(actor.getSnapshot().context.pdfErrorKey).toBe("errors:pdfLoadError");
    expect(actor.getSnapshot().context.pdfUrl).toBeNull();
    expect(created).toEqual([]);
    actor.send({ type: "RETRY_PDF" });
    expect(actor.getSnapshot().matches({ pdf: "loading" })).toBe(true);
    await waitFor(actor, (s) => s.matches({ pdf: "failed" }));
    fail = false;
    actor.send({ type: "RETRY_PDF" });
    await waitFor(actor, allReady);
    expect(loadPdf).toHaveBeenCalledTimes(3);
    expect(loadCard).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.pdfErrorKey).toBeNull();
  });

  it("RETRY events outside failed do nothing", async () => {
    const { actor, loadCard, loadPdf } = build();
    await waitFor(actor, allReady);
    actor.send({ type: "RETRY_CARD" });
    actor.send({ type: "RETRY_PDF" });
    expect(loadCard).toHaveBeenCalledTimes(1);
    expect(loadPdf).toHaveBeenCalledTimes(1);
  });

  it("REFRESH replaces the PDF and revokes the old object URL", async () => {
    const { actor, created, revoked } = build();
    await waitFor(actor, allReady);
    actor.send({ type: "REFRESH" });
    expect(revoked).toEqual(["blob:test/1"]);
    expect(actor.getSnapshot().context.pdfUrl).toBeNull();
    await waitFor(actor, allReady);
    expect(actor.getSnapshot().context.pdfUrl).toBe("blob:test/2");
    expect(actor.getSnapshot().context.pdf?.fileName).toBe("card-2.pdf");
    expect(created).toEqual(["blob:test/1", "blob:test/2"]);
    expect(revoked).toEqual(["blob:test/1"]);
  });

  it("stopping the machine (leaving the screen) revokes the object URL", async () => {
    const { actor, revoked } = build();
    await waitFor(actor, allReady);
    actor.stop();
    expect(revoked).toEqual(["blob:test/1"]);
  });

  it("uses URL.createObjectURL / revokeObjectURL by default", async () => {
    const create = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:real/1");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const file = pdfFile();
    const machine = cardLifecycleMachine.provide({
      actors: {
        loadCard: fromPromise(async (): Promise<AnyCard> => studentCard),
        loadPdf: fromPromise(async () => file),
      },
    });
    const actor = createActor(machine, { input: { kind: student, id: studentCard.id } }).start();
    await waitFor(actor, allReady);
    expect(create).toHaveBeenCalledWith(file.blob);
    expect(actor.getSnapshot().context.pdfUrl).toBe("blob:real/1");
    actor.stop();
    expect(revoke).toHaveBeenCalledWith("blob:real/1");
  });

  it("NOTIFY sends once per click, updates print_count from the answer and records a success", async () => {
    const answer = deferred<{ print_count: number }>();
    const { actor, notify, emitted } = build({
      card: async () => ({ ...studentCard, print_count: 0 }),
      notify: () => answer.promise,
    });
    await waitFor(actor, (s) => s.matches({ card: "ready" }));
    expect(printCountOf(actor.getSnapshot().context.card)).toBe(0);
    actor.send({ type: "NOTIFY" });
    actor.send({ type: "NOTIFY" });
    expect(actor.getSnapshot().matches({ notify: "sending" })).toBe(true);
    expect(notify).toHaveBeenCalledTimes(1);
    answer.resolve({ print_count: 5 });
    await waitFor(actor, (s) => s.matches({ notify: "idle" }));
    const { context } = actor.getSnapshot();
    expect(context.card?.print_count).toBe(5);
    expect(context.notice).toEqual({ type: "success", key: "card:notifySuccess", detailKey: null, seq: 1 });
    expect(emitted).toContainEqual({ type: "notified", printCount: 5 });

    // Printed now: another print is a reprint, confirmed first.
    actor.send({ type: "NOTIFY" });
    expect(actor.getSnapshot().matches({ notify: "confirmingReprint" })).toBe(true);
    actor.send({ type: "CONFIRM_REPRINT" });
    await waitFor(actor, (s) => s.context.notice?.seq === 2);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it("a card already printed asks to confirm a reprint; cancelling sends nothing", async () => {
    const { actor, notify } = build();
    await waitFor(actor, (s) => s.matches({ card: "ready" }));
    actor.send({ type: "NOTIFY" });
    actor.send({ type: "NOTIFY" });
    expect(actor.getSnapshot().matches({ notify: "confirmingReprint" })).toBe(true);
    actor.send({ type: "CANCEL_REPRINT" });
    expect(actor.getSnapshot().matches({ notify: "idle" })).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    actor.send({ type: "NOTIFY" });
    actor.send({ type: "CONFIRM_REPRINT" });
    actor.send({ type: "CONFIRM_REPRINT" });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("an inactive card offers no print notification", async () => {
    const { actor, notify } = build({ card: async () => ({ ...studentCard, valid: false, print_count: 0 }) });
    await waitFor(actor, (s) => s.matches({ card: "ready" }));
    expect(canNotifyPrint(actor.getSnapshot().context.card)).toBe(false);
    actor.send({ type: "NOTIFY" });
    expect(actor.getSnapshot().matches({ notify: "idle" })).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  it("a failed NOTIFY records 'Notification failed', keeps the count, and can be clicked again", async () => {
    let fail = true;
    const { actor, notify, emitted } = build({
      card: async () => ({ ...studentCard, print_count: 0 }),
      notify: async () => {
        if (fail) throw new ApiError("network", "notifyPrint", `${cardPath}notify_print/`, null, "offline");
        return { print_count: 2 };
      },
    });
    await waitFor(actor, (s) => s.matches({ card: "ready" }));
    actor.send({ type: "NOTIFY" });
    await waitFor(actor, (s) => s.context.notice !== null);
    let { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ notify: "idle" })).toBe(true);
    expect(context.notice).toEqual({ type: "error", key: "errors:notifyFailed", detailKey: "errors:network", seq: 1 });
    expect((context.notifyError as ApiError).kind).toBe("network");
    expect(context.card?.print_count).toBe(0);
    expect(emitted.map((e) => e.type)).toContain("notifyFailed");

    fail = false;
    actor.send({ type: "NOTIFY" });
    await waitFor(actor, (s) => s.context.notice?.seq === 2);
    context = actor.getSnapshot().context;
    expect(notify).toHaveBeenCalledTimes(2);
    expect(context.notice?.type).toBe("success");
    expect(context.notifyError).toBeNull();
    expect(context.card?.print_count).toBe(2);
  });

  it("a notification whose answer was lost counts once: NOTIFY again reads the card, and a risen print count means it was counted", async () => {
    let serverCount = 0;
    let lose = true;
    const { actor, notify, loadCard, emitted } = build({
      card: async () => ({ ...studentCard, print_count: serverCount }),
      notify: async () => {
        serverCount++;
        if (lose) throw new ApiError("network", "notifyPrint", `${cardPath}notify_print/`, null, "Failed to fetch");
        return { print_count: serverCount };
      },
    });
    await waitFor(actor, (s) => s.matches({ card: "ready" }));
    actor.send({ type: "NOTIFY" });
    await waitFor(actor, (s) => s.context.notice?.type === "error");
    lose = false;
    actor.send({ type: "NOTIFY" });
    await waitFor(actor, (s) => s.context.notice?.seq === 2 && s.matches({ notify: "idle" }));
    const { context } = actor.getSnapshot();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(serverCount).toBe(1);
    expect(loadCard).toHaveBeenCalledTimes(2);
    expect(context.notice?.type).toBe("success");
    expect(context.notifyError).toBeNull();
    expect(context.card?.print_count).toBe(1);
    expect(emitted).toContainEqual({ type: "notified", printCount: 1 });
  });

  it("NOTIFY waits for the card", () => {
    const { actor, notify } = build({ card: () => new Promise(() => {}) });
    actor.send({ type: "NOTIFY" });
    expect(actor.getSnapshot().matches({ notify: "idle" })).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  it("passes the kind and id to every call (staff)", async () => {
    const seen: unknown[] = [];
    const machine = cardLifecycleMachine.provide({
      actors: {
        loadCard: fromPromise(
          async ({ input }): Promise<AnyCard> => (seen.push(["card", input.kind.id, input.id]), staffCard),
        ),
        loadPdf: fromPromise(async ({ input }) => (seen.push(["pdf", input.kind.id, input.id]), pdfFile())),
        notifyPrint: fromPromise(
          async ({ input }) => (seen.push(["notify", input.kind.id, input.id]), { print_count: 1 }),
        ),
        objectUrl: fromCallback(() => () => {}),
      },
    });
    const actor = createActor(machine, { input: { kind: staff, id: staffCard.id } }).start();
    await waitFor(actor, (s) => s.matches({ card: "ready", pdf: "ready" }));
    actor.send({ type: "NOTIFY" });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(seen).toEqual([
      ["card", "staff", staffCard.id],
      ["pdf", "staff", staffCard.id],
      ["notify", "staff", staffCard.id],
    ]);
    // A card without print_count counts 0 until the server tells otherwise.
    expect(printCountOf(null)).toBe(0);
  });
});
