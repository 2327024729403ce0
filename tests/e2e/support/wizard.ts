import type { Page } from "@playwright/test";
/**
 * A staff wizard saved at its review step, in the format of `snapshotForStorage` (src/machines/
 * wizard-storage.ts, version 1): put it under localStorage `campus-card.registration.staff`; the wizard then offers it
 * (`resumeDraft`) and opens there once resumed.
 */
export const staffReviewSnapshot = (register: string, acceptances: Record<string, boolean> = {}) => ({
  version: 1,
  kind: "staff",
  values: {
    register,
    school: 1,
    fonction: 1,
    service: 1,
    lastname: "Essomba",
    firstname: "Paul",
    birth_place: "Douala",
    birth_at: "1985-06-15",
    gender: 2,
    nid: "1234567890",
    email: "paul.essomba@example.cm",
    phone: "672123456",
    contact_person_name: "Awa Test",
    contact_person_phone: "+237 699 11 22 33",
    blood_group: 3,
    allergies: "Aucune",
  },
  step: 3,
  reached: 3,
  acceptances,
  photo: null,
});

/** Answers the wizard's offer of a draft found on this device: resume it (either language). */
export const resumeDraft = (page: Page) =>
  page.getByRole("button", { name: /^(Reprendre la demande|Resume the request)/ }).click();

/** Opens the staff wizard resumed from `snapshot` (a `staffReviewSnapshot`, its step as given), as this device's draft. */
export const openStaffDraft = async (page: Page, snapshot: ReturnType<typeof staffReviewSnapshot>) => {
  await page.goto("/registration");
  await page.evaluate(
    (draft) => localStorage.setItem("campus-card.registration.staff", JSON.stringify(draft)),
    snapshot,
  );
  await page.goto("/registration/staff");
  await resumeDraft(page);
};
