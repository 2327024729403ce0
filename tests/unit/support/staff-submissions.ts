import { kinds } from "../../../src/kinds";
import { createDemoBackend } from "../../../src/mock-server/index";

/**
 * Staff demands for a classroom server under test: a seeded person's fields, each under a new register of 7
 * characters (`prefix`, then a random start counted up by one per submission, so runs never collide).
 */
export const staffSubmissions = (prefix: string) => {
  const fields = Object.entries(createDemoBackend().db.demands("staff")[0]!.fields).flatMap(([k, v]) =>
    v === null ? [] : [[k, String(v)] as const],
  );
  let registers = Math.floor(Math.random() * 500_000);
  const submission = () => {
    const form = new FormData();
    for (const [k, v] of fields) form.set(k, v);
    form.set("register", `${prefix}${String(registers++).padStart(6, "0")}`);
    return form;
  };
  /** What the client sees of an answer: the status and the JSON body. */
  const seen = async (answer: Response) => ({
    status: answer.status,
    body: (await answer.json()) as { id?: string; code?: string; detail?: string },
  });
  /** Submits one, answering what the client sees. */
  const submit = async (origin: string) =>
    seen(await fetch(`${origin}${kinds.staff.paths.submit}`, { method: "POST", body: submission() }));
  /** The same, its body sent in chunks with no `Content-Length`, as a client streaming an upload sends it. */
  const submitStreamed = async (origin: string) => {
    const url = `${origin}${kinds.staff.paths.submit}`;
    const form = new Request(url, { method: "POST", body: submission() });
    const streamed: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "content-type": form.headers.get("content-type") ?? "" },
      body: form.body,
      duplex: "half",
    };
    return seen(await fetch(url, streamed));
  };
  return { submission, submit, submitStreamed };
};
