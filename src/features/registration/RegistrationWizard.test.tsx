// @own-modules
// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps, ReactNode } from "react";
import { createActor, fromPromise } from "xstate";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred } from "../../../tests/fixtures/deferred";
import { referenceData } from "../../../tests/fixtures/entities";
import { ApiError } from "../../api/errors";
import { ReferenceDataProvider } from "../../app/reference-data";
import type { ReferenceData } from "../../api/schemas";
import type { SubmitInput, SubmitOutput } from "../../forms/submission";
import { setupTestI18n } from "../../i18n/testing";
import { referenceDataMachine } from "../../machines/reference-data";
import { MachineImplementations, provision } from "../../machines/implementations";
import { wizardMachine } from "../../machines/wizard";
import { wizardStorageKey } from "../../machines/wizard-storage";
import { RegistrationWizard } from "./RegistrationWizard";

/** How many times the step's form was drawn (the real one, counted). */
const stepDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock("./StepForm", async (importOriginal) => {
  const { StepForm } = await importOriginal<typeof import("./StepForm")>();
  return {
    StepForm: (props: ComponentProps<typeof StepForm>) => {
      stepDraws.count += 1;
      return StepForm(props);
    },
  };
});

vi.mock("../layout/PublicLayout", () => ({
  PublicLayout: ({ children }: { children: ReactNode }) => <main>{children}</main>,
}));

const referenceActor = () =>
  createActor(referenceDataMachine.provide({ actors: { fetchAll: fromPromise(async () => referenceData) } }), {
    input: { cache: null },
  }).start();

const renderWizard = (submit: (input: SubmitInput) => Promise<SubmitOutput>) => {
  const actor = referenceActor();
  return render(
    <MachineImplementations
      of={[
        provision(wizardMachine, (machine) =>
          machine.provide({ actors: { submit: fromPromise(({ input }) => submit(input)) } }),
        ),
      ]}
    >
      <ReferenceDataProvider actor={actor}>
        <RegistrationWizard kind="staff" />
      </ReferenceDataProvider>
    </MachineImplementations>,
  );
};

beforeAll(async () => {
  await setupTestI18n("en");
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const heading = () => screen.getByRole("heading", { level: 2 });
const next = () => userEvent.click(screen.getByRole("button", { name: "Next" }));

const chooseOption = (label: RegExp, option: string) =>
  userEvent.selectOptions(screen.getByRole("combobox", { name: label }), option);

/** Fills the three staff steps with valid values and reaches the review. */
const fillStaff = async () => {
  await userEvent.type(screen.getByRole("textbox", { name: "Registration number" }), "AB-1234");
  await waitFor(() => expect(screen.getByRole("combobox", { name: /Function/ })).toHaveProperty("disabled", false));
  await chooseOption(/Function/, referenceData.fonction[0]!.label_en);
  await chooseOption(/Service/, referenceData.service[0]!.label_en);
  await next();
  await userEvent.type(screen.getByRole("textbox", { name: "Last name" }), "Ngono");
  await userEvent.type(screen.getByRole("textbox", { name: "First name" }), "Alice");
  await userEvent.type(screen.getByRole("textbox", { name: "Place of birth" }), "Bafoussam");
  const birth = screen.getByRole("group", { name: /Date of birth/ });
  await userEvent.type(within(birth).getByRole("textbox", { name: "Day" }), "5");
  await userEvent.type(within(birth).getByRole("textbox", { name: "Month" }), "4");
  await userEvent.type(within(birth).getByRole("textbox", { name: "Year" }), "1990");
  await userEvent.click(screen.getByRole("radio", { name: "Female" }));
  await userEvent.type(screen.getByRole("textbox", { name: "National ID card number" }), "123456");
  await userEvent.type(screen.getByRole("textbox", { name: "Email address" }), "alice@example.cm");
  await userEvent.type(screen.getByRole("textbox", { name: "Phone number" }), "677112233");
  await userEvent.tab();
  expect(screen.getByRole("textbox", { name: "Phone number" })).toHaveProperty("value", "6 77 11 22 33");
  await next();
  await userEvent.type(screen.getByRole("textbox", { name: "Emergency contact name" }), "Bob");
  await userEvent.type(screen.getByRole("textbox", { name: "Emergency contact phone" }), "699112233");
  await chooseOption(/Blood group/, "AB+");
  await userEvent.type(screen.getByRole("textbox", { name: "Allergies" }), "None");
  await next();
  expect(heading().textContent).toBe("Step 4 of 4: Review");
};

const acceptAll = async () => {
  for (const name of [
    "I have read the terms and conditions.",
    "I accept the terms and conditions.",
    "I accept the terms of use.",
  ]) {
    await userEvent.click(screen.getByRole("checkbox", { name }));
  }
};

describe("RegistrationWizard", () => {
  it("a birth date is refused saying why: a date that does not exist, a holder too young, too old, in the future, incomplete", async () => {
    renderWizard(vi.fn());
    await userEvent.type(screen.getByRole("textbox", { name: "Registration number" }), "AB-1234");
    await waitFor(() => expect(screen.getByRole("combobox", { name: /Function/ })).toHaveProperty("disabled", false));
    await chooseOption(/Function/, referenceData.fonction[0]!.label_en);
    await chooseOption(/Service/, referenceData.service[0]!.label_en);
    await next();
    const birth = screen.getByRole("group", { name: /Date of birth/ });
    const year = within(birth).getByRole("textbox", { name: "Year" });
    await userEvent.type(within(birth).getByRole("textbox", { name: "Day" }), "31");
    await userEvent.type(within(birth).getByRole("textbox", { name: "Month" }), "02");
    const problems = async (typed: string) => {
      await userEvent.clear(year);
      await userEvent.type(year, typed);
      await next();
      return within(screen.getByRole("alert"))
        .getAllByRole("link")
        .map((link) => link.textContent);
    };
    expect(await problems("2003")).toContain("This date does not exist: check the day and the month.");
    await userEvent.clear(within(birth).getByRole("textbox", { name: "Day" }));
    await userEvent.type(within(birth).getByRole("textbox", { name: "Day" }), "28");
    expect(await problems(String(new Date().getFullYear() - 5))).toContain(
      "The holder must be at least 14 years old: check the year.",
    );
    expect(await problems(String(new Date().getFullYear() - 110))).toContain(
      "The holder cannot be more than 100 years old: check the year.",
    );
    expect(await problems(String(new Date().getFullYear() + 1))).toContain(
      "The date of birth cannot be in the future: check the year.",
    );
    expect(await problems("99")).toContain("Enter the date of birth as a day, a month and a year of 4 digits.");
  });

  it("a failed Next shows a focused summary linking to the invalid fields; the step indicator follows", async () => {
    renderWizard(vi.fn());
    expect(screen.getByRole("heading", { level: 2, name: "Step 1 of 4: Professional information" })).toBeVisible();
    expect(
      within(screen.getByRole("navigation", { name: "Progress" })).getByRole("listitem", { current: "step" })
        .textContent,
    ).toContain("Professional information");
    await next();
    const summary = screen.getByRole("alert");
    expect(document.activeElement).toBe(summary);
    const links = within(summary)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual(
      expect.arrayContaining([
        ["Registration number is required.", "#field-register"],
        ["Function is required.", "#field-fonction"],
        ["Service is required.", "#field-service"],
      ]),
    );
    await userEvent.click(within(summary).getByRole("link", { name: "Registration number is required." }));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Registration number" }));
    expect(screen.getByRole("textbox", { name: "Registration number" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("fills, reviews, submits once on a double click, shows the result and forgets the stored data", async () => {
    let resolve: (output: SubmitOutput) => void = () => {};
    const submit = vi.fn((_: SubmitInput) => new Promise<SubmitOutput>((r) => (resolve = r)));
    renderWizard(submit);
    await fillStaff();
    expect(document.activeElement).toBe(heading());
    expect(screen.getByText("Ngono").tagName).toBe("DD");
    expect(screen.getByText("05/04/1990")).toBeVisible();
    // Phones read in pairs on the review, as typed once the field was left.
    expect(screen.getByText("6 77 11 22 33")).toBeVisible();
    expect(screen.getByText("6 99 11 22 33")).toBeVisible();
    expect(localStorage.getItem(wizardStorageKey("staff"))).toContain("Ngono");

    await userEvent.click(screen.getByRole("button", { name: "Send the request" }));
    // One message for the three boxes (in the summary and under the boxes), tied to each box still unticked.
    const message = "Tick each box to accept the terms before sending.";
    expect(within(screen.getByRole("alert")).getAllByText(message)).toHaveLength(1);
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(screen.queryByText("You must accept the terms.")).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "I have read the terms and conditions." }));
    const unticked = screen.getByRole("checkbox", { name: "I accept the terms of use." });
    expect(unticked.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(unticked.getAttribute("aria-describedby") ?? "")?.textContent).toBe(message);
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("checkbox", { name: "I accept the terms and conditions." }));
    await userEvent.click(unticked);
    await userEvent.dblClick(screen.getByRole("button", { name: "Send the request" }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![0]).toMatchObject({
      kind: "staff",
      values: { register: "AB-1234", lastname: "Ngono" },
    });
    await act(async () => resolve({ id: "x", code: "DMPER0042", name: "Alice Ngono" }));
    expect(await screen.findByText("DMPER0042")).toBeVisible();
    expect(localStorage.getItem(wizardStorageKey("staff"))).toBeNull();
  });

  it("a duplicate register keeps everything and says what to do instead of changing the registration number", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError("exist", "submitDemand", "/staff/", 400, { register: ["This demand already exist."] });
    });
    renderWizard(submit);
    await fillStaff();
    await acceptAll();
    await userEvent.click(screen.getByRole("button", { name: "Send the request" }));
    const alert = await screen.findByText("This demand already exist.");
    expect(heading().textContent).toBe("Step 4 of 4: Review");
    const outcome = alert.closest("[role=alert]") as HTMLElement;
    expect(within(outcome).queryByRole("button", { name: /registration number/ })).toBeNull();
    expect(within(outcome).getByText(/do not send another one with a different registration number/)).toBeVisible();
    expect(screen.getByText("AB-1234").tagName).toBe("DD");
    // "Change" still goes back to a step from the review.
    await userEvent.click(screen.getByRole("button", { name: /^Change\s*Personal information$/ }));
    expect(heading().textContent).toBe("Step 2 of 4: Personal information");
  });

  it("a failed submission offers Retry and Back, with the data kept", async () => {
    const submit = vi
      .fn<(input: SubmitInput) => Promise<SubmitOutput>>()
      .mockRejectedValueOnce(new ApiError("server", "submitDemand", "/staff/", 500, null))
      .mockResolvedValueOnce({ id: "y", code: "DMPER0043", name: "Alice Ngono" });
    renderWizard(submit);
    await fillStaff();
    await acceptAll();
    await userEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByText("Error while sending the demand.")).toBeVisible();
    expect(screen.getByText(/server error/)).toBeVisible();
    expect(screen.getByText("Ngono")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("DMPER0043")).toBeVisible();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it("a 400 naming fields leads back to them with the server's words (translated when known), not to Retry", async () => {
    const submit = vi.fn<(input: SubmitInput) => Promise<SubmitOutput>>().mockRejectedValueOnce(
      new ApiError("badRequest", "submitDemand", "/staff/", 400, {
        email: ["Enter a valid email address."],
        nid: ["Ensure this value is unique: 1234567890."],
      }),
    );
    renderWizard(submit);
    await fillStaff();
    await acceptAll();
    await userEvent.click(screen.getByRole("button", { name: "Send the request" }));
    await waitFor(() =>
      expect(document.getElementById("wizard-step-title")?.textContent).toMatch(/: Personal information$/),
    );
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    const email = screen.getByRole("textbox", { name: /^Email/ });
    const describedBy = () =>
      (email.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
    expect(describedBy()).toContain("Invalid email address.");
    const nid = screen.getByRole("textbox", { name: /national ID/i });
    expect(
      (nid.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    ).toContain("Ensure this value is unique: 1234567890.");
    // The summary lists both, each linked to its field.
    const summary = screen.getByRole("alert");
    expect(summary.textContent).toContain("Invalid email address.");
    expect(summary.textContent).toContain("Ensure this value is unique: 1234567890.");
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it("Retry after a lost answer that meets a duplicate says the request was most probably received", async () => {
    const submit = vi
      .fn<(input: SubmitInput) => Promise<SubmitOutput>>()
      .mockRejectedValueOnce(new ApiError("network", "submitDemand", "/staff/", null, "Failed to fetch"))
      .mockRejectedValueOnce(
        new ApiError("exist", "submitDemand", "/staff/", 400, { register: ["This demand already exist."] }),
      );
    renderWizard(submit);
    await fillStaff();
    await acceptAll();
    await userEvent.click(screen.getByRole("button", { name: "Send the request" }));
    await userEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Your request was most probably received")).toBeVisible();
    expect(screen.queryByText("This demand already exist.")).toBeNull();
    expect(screen.queryByRole("button", { name: /registration number/i })).toBeNull();
    expect(screen.getByText("Ngono")).toBeVisible();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it("a 2xx answer that cannot be read says the request was most probably received, and how to find it, never Retry", async () => {
    const submit = vi
      .fn<(input: SubmitInput) => Promise<SubmitOutput>>()
      .mockRejectedValueOnce(new ApiError("decode", "submitDemand", "/staff/", 201, { content: "<html>" }));
    renderWizard(submit);
    await fillStaff();
    await acceptAll();
    await userEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByText("Your request was most probably received")).toBeVisible();
    expect(screen.getByText(/its answer could not be read/)).toBeVisible();
    expect(screen.getByText(/who will find it by your registration number/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.queryByText("Error while sending the demand.")).toBeNull();
    expect(screen.queryByText(/send again|try again/i)).toBeNull();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  const storeDraft = () =>
    localStorage.setItem(
      wizardStorageKey("staff"),
      JSON.stringify({
        version: 1,
        kind: "staff",
        values: { register: "ZZ-999", lastname: "Restored" },
        step: 1,
        reached: 1,
        acceptances: {},
        photo: null,
        startedAt: new Date(2026, 10, 26, 9, 30).getTime(),
      }),
    );

  it("offers a draft found on this device without showing it, then resumes it where it was left", async () => {
    storeDraft();
    renderWizard(vi.fn());
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("A request was started on this device");
    expect(screen.queryByDisplayValue("Restored")).toBeNull();
    expect(screen.queryByText(/ZZ-999/)).toBeNull();
    await userEvent.click(
      screen.getByRole("button", { name: "Resume the request started on 26/11 for registration number ZZ-…" }),
    );
    expect(heading().textContent).toBe("Step 2 of 4: Personal information");
    expect(document.activeElement).toBe(heading());
    expect((screen.getByRole("textbox", { name: "Last name" }) as HTMLInputElement).value).toBe("Restored");
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect((screen.getByRole("textbox", { name: "Registration number" }) as HTMLInputElement).value).toBe("ZZ-999");
    expect(document.activeElement).toBe(heading());
  });

  it("starting a new request discards the draft found on this device", async () => {
    storeDraft();
    renderWizard(vi.fn());
    await userEvent.click(screen.getByRole("button", { name: "Start a new one" }));
    expect(heading().textContent).toBe("Step 1 of 4: Professional information");
    expect(document.activeElement).toBe(heading());
    expect((screen.getByRole("textbox", { name: "Registration number" }) as HTMLInputElement).value).toBe("");
    expect(localStorage.getItem(wizardStorageKey("staff"))).toBeNull();
  });

  it("the lists' arrival draws the step once: the selects get their options, nothing is drawn again for the machine", async () => {
    const lists = deferred<ReferenceData>();
    const actor = createActor(
      referenceDataMachine.provide({ actors: { fetchAll: fromPromise(() => lists.promise) } }),
      { input: { cache: null } },
    ).start();
    render(
      <ReferenceDataProvider actor={actor}>
        <RegistrationWizard kind="staff" />
      </ReferenceDataProvider>,
    );
    const fonction = screen.getByRole("combobox", { name: /Function/ });
    await waitFor(() => expect(fonction).toHaveProperty("disabled", true));
    const before = stepDraws.count;
    await act(async () => lists.resolve(referenceData));
    await waitFor(() => expect(fonction).toHaveProperty("disabled", false));
    expect(within(fonction).getByRole("option", { name: referenceData.fonction[0]!.label_en })).toBeTruthy();
    expect(stepDraws.count - before).toBe(1);
  });
});
