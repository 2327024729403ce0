// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { InsecureNotice } from "./InsecureNotice";

describe("/verify on a plain-http address", () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });
  afterEach(cleanup);

  it("says plainly that the camera needs https, and that pasting works", () => {
    render(<InsecureNotice secure={false} />);
    expect(screen.getByRole("alert").textContent).toMatch(/https/);
    expect(screen.getByRole("alert").textContent).toMatch(/caméra/);
    expect(screen.getByRole("alert").textContent).toMatch(/Collez/);
  });

  it("says nothing on a secure address", () => {
    render(<InsecureNotice secure />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
