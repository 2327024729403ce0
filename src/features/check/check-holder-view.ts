import { bloodGroups, enumLabel } from "../../api/schemas/enum-labels";
import type { CardCheckView, CheckLabels } from "../../machines/card-check-view";
import { cx, nativeFocusRing, textLink } from "../../ui/classes";
import { h, svg } from "../../ui/dom";
import { field } from "./check-marks";
import { refLabel, type CheckViewOptions } from "./check-screen";

/** The check screen's holder and emergency sections. The holder's own e-mail and phone are never shown. */

/** The holder's section, and how to show its reference labels once they arrive (the fields change in place). */
export const holder = ({ t, language }: CheckViewOptions, view: CardCheckView) => {
  const name = `${view.firstname} ${view.lastname}`.trim();
  const value = (text: string) => text || t("check:notProvided");
  const photo = view.photo
    ? h("img", {
        src: view.photo,
        alt: t("check:holder.photoAlt", { name }),
        width: 128,
        height: 160,
        class: "h-40 w-32 shrink-0 rounded-lg border border-border bg-surface-2 object-cover",
      })
    : h(
        "div",
        {
          class:
            "flex h-40 w-32 shrink-0 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border-strong bg-surface-2 p-2 text-center text-sm text-fg-muted",
        },
        svg(
          "svg",
          {
            viewBox: "0 0 24 24",
            width: 40,
            height: 40,
            "aria-hidden": "true",
            focusable: "false",
            fill: "currentColor",
          },
          svg("circle", { cx: 12, cy: 8, r: 4 }),
          svg("path", { d: "M4 21c.8-4.5 4-7 8-7s7.2 2.5 8 7z" }),
        ),
        t("check:holder.noPhoto"),
      );
  const refFields = view.refs.map((ref) => ({ ref, node: field(t(`check:fields.${ref.field}`), null) }));
  const showLabels = (labels: CheckLabels, labelsDone: boolean) => {
    for (const { ref, node } of refFields) {
      node.lastElementChild?.replaceChildren(
        refLabel(labels, ref, language) ??
          (ref.id === null
            ? t("check:notProvided")
            : labelsDone
              ? String(ref.id)
              : h("span", { class: "text-fg-muted", "aria-busy": "true" }, t("check:labelLoading"))),
      );
    }
  };
  const section = h(
    "section",
    {
      "aria-labelledby": "check-holder",
      class: "flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6",
    },
    h("h2", { id: "check-holder", class: "text-xl font-semibold text-fg" }, t("check:holder.title")),
    h(
      "div",
      { class: "flex flex-col gap-5 sm:flex-row" },
      photo,
      h(
        "dl",
        { class: "grid flex-1 gap-x-6 gap-y-3 sm:grid-cols-2" },
        field(t("check:holder.lastname"), value(view.lastname), true),
        field(t("check:holder.firstname"), value(view.firstname), true),
        field(t("check:holder.register"), h("span", { class: "font-mono" }, value(view.register))),
        field(t("check:holder.code"), h("span", { class: "font-mono" }, value(view.code))),
        ...refFields.map(({ node }) => node),
        field(t("check:holder.academicYear"), value(view.academicYear)),
      ),
    ),
  );
  return { section, showLabels };
};

export const emergency = ({ t, language }: CheckViewOptions, view: CardCheckView) => {
  const { bloodGroup, allergies, contactName, contactPhone } = view.emergency;
  const phone = contactPhone
    ? h(
        "a",
        {
          href: `tel:${contactPhone.replace(/[^\d+]/g, "")}`,
          "aria-label": t("check:emergency.call", {
            name: contactName || t("check:emergency.contactName"),
            phone: contactPhone,
          }),
          class: cx(textLink, nativeFocusRing, "inline-flex min-h-11 items-center text-xl"),
        },
        contactPhone,
      )
    : t("check:notProvided");
  return h(
    "section",
    {
      "aria-labelledby": "check-emergency",
      class: "flex flex-col gap-4 rounded-2xl border-2 border-danger bg-surface p-5 sm:p-6",
    },
    h(
      "div",
      { class: "flex items-center gap-3" },
      h(
        "span",
        { class: "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-danger text-on-danger" },
        svg(
          "svg",
          {
            viewBox: "0 0 24 24",
            width: 22,
            height: 22,
            "aria-hidden": "true",
            focusable: "false",
            fill: "currentColor",
          },
          svg("path", { d: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z" }),
        ),
      ),
      h(
        "div",
        {},
        h("h2", { id: "check-emergency", class: "text-xl font-semibold text-fg" }, t("check:emergency.title")),
        h("p", { class: "text-sm text-fg-muted" }, t("check:emergency.intro")),
      ),
    ),
    h(
      "dl",
      { class: "grid gap-x-6 gap-y-3 sm:grid-cols-2" },
      field(
        t("check:emergency.bloodGroup"),
        bloodGroup === undefined ? t("check:notProvided") : enumLabel(bloodGroups, bloodGroup, language),
        true,
      ),
      field(t("check:emergency.allergies"), allergies.trim() || t("check:emergency.noAllergies"), true),
      field(t("check:emergency.contactName"), contactName || t("check:notProvided")),
      field(t("check:emergency.contactPhone"), phone),
    ),
  );
};
