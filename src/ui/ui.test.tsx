// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../i18n/testing";
import { AlertDialog } from "./AlertDialog";
import { Button } from "./Button";
import { ErrorSummary, focusField } from "./ErrorSummary";
import { Meter } from "./Meter";
import { NativeCheckbox } from "./NativeCheckbox";
import { NativeRadioGroup } from "./NativeRadioGroup";
import { NativeSearchField } from "./NativeSearchField";
import { NativeSelect } from "./NativeSelect";
import { NativeTextField } from "./NativeTextField";

beforeAll(async () => {
  await setupTestI18n("en");
});
afterEach(() => cleanup());

describe("NativeTextField", () => {
  it("ties label, description and error message to the input", () => {
    render(
      <NativeTextField
        id="register"
        label="Register"
        value=""
        onChange={() => {}}
        description="5 to 7 characters"
        errorMessage="Too short"
      />,
    );
    const input = screen.getByRole("textbox", { name: "Register" });
    expect(input.id).toBe("register");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ");
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain("Too short");
    expect(texts).toContain("5 to 7 characters");
  });

  it("shows no error while valid", () => {
    render(<NativeTextField label="Name" value="" onChange={() => {}} errorMessage={undefined} />);
    expect(screen.queryByText("Required")).toBeNull();
  });
});

describe("NativeCheckbox", () => {
  it("uses the given id and describes its error", async () => {
    const onChange = vi.fn();
    render(
      <NativeCheckbox
        id="accept"
        name="accept"
        checked={false}
        onChange={onChange}
        errorMessage="You must accept the terms."
      >
        I accept
      </NativeCheckbox>,
    );
    const box = screen.getByRole("checkbox", { name: "I accept" });
    expect(box.id).toBe("accept");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const errorId = box.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("You must accept the terms.");
    await userEvent.click(screen.getByText("I accept"));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe("NativeRadioGroup", () => {
  it("is a labelled radio group whose arrow keys move the choice; its error is tied to it", async () => {
    const onChange = vi.fn();
    render(
      <NativeRadioGroup
        id="gender"
        name="gender"
        label="Gender"
        isRequired
        options={[
          { value: "1", label: "Female" },
          { value: "2", label: "Male" },
        ]}
        value={null}
        onChange={onChange}
        errorMessage="Choose one."
      />,
    );
    const group = screen.getByRole("radiogroup", { name: "Gender" });
    expect(group.getAttribute("aria-required")).toBe("true");
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Choose one.");
    await userEvent.click(screen.getByRole("radio", { name: "Male" }));
    expect(onChange).toHaveBeenLastCalledWith("2");
  });
});

describe("NativeSearchField", () => {
  function Search({ onSubmit, onClear }: { onSubmit: (value: string) => void; onClear: () => void }) {
    const [value, setValue] = useState("");
    return <NativeSearchField label="Search" value={value} onChange={setValue} onSubmit={onSubmit} onClear={onClear} />;
  }

  it("is a labelled search box: Enter submits what was typed, Escape clears it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClear = vi.fn();
    render(<Search onSubmit={onSubmit} onClear={onClear} />);
    const box = screen.getByRole("searchbox", { name: "Search" });
    await user.type(box, "DMSTUD{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("DMSTUD");
    await user.keyboard("{Escape}");
    expect((box as HTMLInputElement).value).toBe("");
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it("has a clear button for pointers while it holds text, which gives the box its focus back", async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    render(<Search onSubmit={() => {}} onClear={onClear} />);
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
    const box = screen.getByRole("searchbox", { name: "Search" });
    await user.type(box, "abc");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect((box as HTMLInputElement).value).toBe("");
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(box);
  });
});

describe("focusField", () => {
  it("focuses the control inside the element named by id", () => {
    render(
      <div id="gender">
        <NativeSelect label="Gender" value="1" options={[{ value: "1", label: "Female" }]} onChange={() => {}} />
      </div>,
    );
    focusField("gender");
    expect(document.activeElement).toBe(screen.getByRole("combobox", { name: "Gender" }));
  });
});

describe("ErrorSummary", () => {
  it("takes focus when shown and its links focus the fields", async () => {
    const user = userEvent.setup();
    function Form() {
      const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
      return (
        <>
          <ErrorSummary errors={errors} />
          <NativeTextField
            id="firstname"
            label="First name"
            value=""
            onChange={() => {}}
            errorMessage={errors.length > 0 ? "Required" : undefined}
          />
          <Button onPress={() => setErrors([{ fieldId: "firstname", message: "First name is required." }])}>
            Submit
          </Button>
        </>
      );
    }
    render(<Form />);
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const summary = screen.getByRole("alert");
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain("There is a problem");
    await user.click(screen.getByRole("link", { name: "First name is required." }));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "First name" }));
  });
});

describe("AlertDialog", () => {
  it("focuses Cancel, confirms, and returns focus to the trigger", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onPress={() => setOpen(true)}>Delete</Button>
          <AlertDialog isOpen={open} onOpenChange={setOpen} title="Delete this agent?" onConfirm={onConfirm} />
        </>
      );
    }
    render(<Harness />);
    const trigger = screen.getByRole("button", { name: "Delete" });
    await user.click(trigger);
    const dialog = screen.getByRole("alertdialog", { name: "Delete this agent?" });
    expect(dialog).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // react-aria restores focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("is described by its text (a screen reader reads it with the title)", () => {
    render(
      <AlertDialog isOpen onOpenChange={() => undefined} title="Print again?" onConfirm={() => undefined}>
        This card was printed twice already.
      </AlertDialog>,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Print again?" });
    const described = (dialog.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain("This card was printed twice already.");
  });
});

describe("Meter", () => {
  it("exposes the strength word as the value text", () => {
    render(<Meter label="Password strength" value={33} valueLabel="Weak" tone="danger" />);
    const meter = screen.getByRole("meter", { name: "Password strength" });
    expect(meter.getAttribute("aria-valuetext")).toBe("Weak");
  });
});
