import { describe, expect, it } from "vitest";
import { enumLabel, payments } from "../api/schemas/enum-labels";
import { menu } from "../features/layout/menu";
import en from "./locales/en/card.json";
import nav from "./locales/en/nav.json";

/** English that reads as an English speaker would write it, where a literal rendering of the French did not. */
describe("English wording", () => {
  it("calls a payment of all the fees Full", () => {
    expect(enumLabel(payments, 2, "en")).toBe("Full");
  });

  it("names the application form under the settings as a form, not as a request", () => {
    const settings = menu.find((group) => group.key === "settings");
    const link = settings?.links.find((item) => item.href === "/registration");
    expect(nav[link?.key as keyof typeof nav]).toBe("Application form");
  });

  it("asks the bulk renewal's year as the year of expiry", () => {
    expect(en.renewal.year).toBe("Academic year of expiry");
  });
});
