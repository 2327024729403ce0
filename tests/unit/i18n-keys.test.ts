// @vitest-environment node
/**
 * Language completeness (issue "Quality gates" item 4): every translation key the code uses exists in the locale
 * files. (fr and en having identical key sets is src/i18n/locales.test.ts.)
 *
 * A static scan of src (.ts/.tsx, not tests, not the demo backend):
 * - every string literal that reads "ns:key" for one of the 18 namespaces (t("ns:key"), keys kept in data such as
 *   labelKey: "registration:fields.x", and keys returned as strings like "errors:…"/"validation:…");
 * - t("key") / i18nKey="key" without a namespace: the namespace of the file's useTranslation("ns") (default common);
 * - template-literal keys (`nav:${link.key}`): every possible value of each `${…}` is listed in DYNAMIC below, taken
 *   from the source where it lives, and every resulting key must exist. A new template key fails until listed.
 */
import { cardStates, eventKinds, renewalRefusals, suspendReasons } from "../../src/api/schemas/lifecycle";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { kindIds } from "../../src/api/kind-ids";
import { NAMESPACES } from "../../src/i18n/namespaces";
import { kinds } from "../../src/kinds";
import { menu } from "../../src/features/layout/menu";
import { presets } from "../../src/print/layouts";
import { THEMES } from "../../src/theme/theme";
import { LANGUAGES } from "../../src/i18n/namespaces";

const root = join(import.meta.dirname, "../..");
const src = join(root, "src");

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** Source files that run in the app: no tests, no demo backend (it renders no UI text), no generated routes. */
export const appSources = walk(src).filter(
  (path) =>
    /\.(ts|tsx)$/.test(path) &&
    !/\.test\.(ts|tsx)$/.test(path) &&
    !path.includes(`${join("src", "mock-server")}`) &&
    !path.endsWith("routeTree.gen.ts") &&
    !path.endsWith(".d.ts") &&
    !/testing\.tsx?$|test-providers\.tsx$/.test(path),
);

// ── The catalogue ──────────────────────────────────────────────────────────────────────────────────────────────

const flatten = (value: unknown, prefix = ""): string[] =>
  typeof value === "string"
    ? [prefix]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
        flatten(child, prefix ? `${prefix}.${key}` : key),
      );

const catalogue = new Set(
  NAMESPACES.flatMap((ns) =>
    flatten(JSON.parse(readFileSync(join(src, "i18n/locales/fr", `${ns}.json`), "utf8"))).map((key) => `${ns}:${key}`),
  ),
);
/** A key exists as itself or through i18next plural forms (key_one, key_other…). */
const exists = (key: string) =>
  catalogue.has(key) || ["zero", "one", "two", "few", "many", "other"].some((form) => catalogue.has(`${key}_${form}`));

const nsAlternation = NAMESPACES.join("|");
const nsKey = new RegExp(`^(?:${nsAlternation}):[A-Za-z0-9_.-]+$`);

// ── Values of the `${…}` in template keys, from where they are defined ─────────────────────────────────────────

const read = (path: string) => readFileSync(join(root, path), "utf8");
/** The string items of `const <name> = [ "a", "b" ]` (or of `{ id: "a" }` objects) in a source file. */
const arrayIn = (path: string, name: string): string[] => {
  const match = new RegExp(`(?:const|let)\\s+${name}\\b[^=]*=\\s*\\[([\\s\\S]*?)\\]\\s*(?:as const)?;`).exec(
    read(path),
  );
  if (!match) throw new Error(`${name} not found in ${path}`);
  const body = match[1]!;
  const ids = [...body.matchAll(/\bid:\s*"([^"]+)"/g)].map((m) => m[1]!);
  return ids.length > 0 ? ids : [...body.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
};
const refFields = [...new Set(kindIds.flatMap((kind) => Object.keys(kinds[kind].refFields)))];
const unionIn = (path: string, type: string): string[] => {
  const match = new RegExp(`type\\s+${type}\\s*=([^;]+);`).exec(read(path));
  if (!match) throw new Error(`${type} not found in ${path}`);
  return [...match[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
};
const privacyLists = (() => {
  const text = read("src/features/terms/PrivacyPage.tsx");
  return [...text.matchAll(/list\(\[([^\]]*)\],\s*"([^"]+)"/g)].flatMap((m) =>
    [...m[1]!.matchAll(/"([^"]+)"/g)].map((k) => `${m[2]}.${k[1]}`),
  );
})();

/**
 * Template key (as written, backticks excluded) → the values of each of its `${…}` expressions.
 * `null` marks a key that is deliberately optional (rendered with a defaultValue), listed for the record.
 */
const DYNAMIC: Record<string, Record<string, readonly string[]> | null> = {
  "${kind}:registrationTitle": { kind: kindIds },
  "registration:result.titleKind.${kind}": { kind: kindIds },
  "registration:result.kind.${kind}": { kind: kindIds },
  "date.${part}": { part: ["day", "month", "year"] }, // NativeDateField boxes
  // The digital card (src/features/digital/DigitalCardView.tsx): its states beyond active, and the card's back.
  "registration:digital.state.${knownState(card.state)}": {
    "knownState(card.state)": ["suspended", "replaced", "expired", "other"],
  },
  "registration:digital.back.${key}": { key: ["bloodGroup", "allergies", "contactName", "contactPhone"] },
  "agent:fields.${name}": { name: ["username", "first_name", "last_name", "email", "password"] }, // AddAgentDialog field(…) calls
  // Roles come from the server's groups: descriptions of unknown roles fall back to "" (defaultValue). Known ones:
  "profile:roleDescriptions.${role}": { role: ["Admin", "Agent"] },
  "home:${id}.title": { id: arrayIn("src/features/landing/LandingPage.tsx", "LANDING_SECTIONS") },
  "home:about.facts.${key}": { key: ["kinds", "steps", "languages"] }, // LandingPage, inline array
  "home:services.${id}.title": { id: arrayIn("src/features/landing/LandingPage.tsx", "services") },
  "home:services.${id}.body": { id: arrayIn("src/features/landing/LandingPage.tsx", "services") },
  "home:partners.${id}.name": { id: arrayIn("src/features/landing/LandingPage.tsx", "partners") },
  "home:partners.${id}.role": { id: arrayIn("src/features/landing/LandingPage.tsx", "partners") },
  "home:faq.${id}.q": { id: arrayIn("src/features/landing/LandingPage.tsx", "faq") },
  "home:faq.${id}.a": { id: arrayIn("src/features/landing/LandingPage.tsx", "faq") },
  "home:team.${id}.name": { id: arrayIn("src/features/landing/LandingPage.tsx", "team") },
  "home:team.${id}.role": { id: arrayIn("src/features/landing/LandingPage.tsx", "team") },
  "registration:fields.${field}": { field: refFields }, // CardDetailScreen fallback label of a kind's refFields
  "${kind.id}:cardsTitle": { "kind.id": kindIds },
  "${kind.id}:demandsTitle": { "kind.id": kindIds },
  "${kind.id}:printTitle": { "kind.id": kindIds },
  "card:printedFilter.${id}": { id: ["all", "no", "yes"] }, // CardListScreen, printedFilters
  "demand:received.${id}": { id: arrayIn("src/features/demands/ReceivedFilter.tsx", "windows") },
  "card:issuedFilter.${id}": { id: ["any", "today", "week", "range"] }, // IssuedFilter: ANY and issuedWindows
  // Extensions reject and track: the reasons, the two statuses, the tracked states (an unknown one reads "other").
  "demand:reject.reasons.${reason}": { reason: arrayIn("src/api/schemas/tracking.ts", "rejectionReasons") },
  "demand:reject.status.${status}": { status: arrayIn("src/api/schemas/tracking.ts", "rejectionStatuses") },
  "demand:reject.submit.${context.status}": {
    "context.status": arrayIn("src/api/schemas/tracking.ts", "rejectionStatuses"),
  },
  "demand:reject.submitNext.${context.status}": {
    "context.status": arrayIn("src/api/schemas/tracking.ts", "rejectionStatuses"),
  },
  "demand:reject.toast.${status}": { status: arrayIn("src/api/schemas/tracking.ts", "rejectionStatuses") },
  "demand:reject.noticeTitle.${status}": { status: arrayIn("src/api/schemas/tracking.ts", "rejectionStatuses") },
  "registration:result.kind.${value}": { value: kindIds }, // TrackPage's kind choice
  "registration:track.state.${state}.title": {
    state: [...arrayIn("src/api/schemas/tracking.ts", "trackStates"), "other"],
  },
  "registration:track.state.${state}.body": {
    state: [...arrayIn("src/api/schemas/tracking.ts", "trackStates"), "other"],
  },
  "${kind.id}:title": { "kind.id": kindIds },
  "card:print.layout.presets.${preset.id}": { "preset.id": presets.map((preset) => preset.id) },
  "card:print.layout.products.${preset.id}": { "preset.id": presets.map((preset) => preset.id) },
  "dashboard:export.fileTarget.${input.target}": { "input.target": [...kindIds, "all"] }, // export.ts, exportTargets
  "card:print.layout.fields.${key}": { key: ["columns", "rows", "left", "top", "pitchX", "pitchY"] }, // SheetSettingsForm gridKeys
  "card:filter.${kind.cardFilter}": { "kind.cardFilter": kindIds.map((kind) => kinds[kind].cardFilter) },
  "${kind}:title": { kind: kindIds }, // menu.ts: each kind's group heading
  "nav:${link.key}": { "link.key": menu.flatMap((group) => group.links.map((link) => link.key)) },
  "terms:${kind}Title": { kind: kindIds },
  "terms:intro.${kind}": { kind: kindIds },
  "terms:summary.${key}": { key: arrayIn("src/features/terms/TermsPage.tsx", "TERMS_SUMMARY") },
  "terms:sections.data.${kind}": { kind: kindIds },
  "terms:sections.${id}.title": { id: arrayIn("src/features/terms/TermsPage.tsx", "sections") },
  "terms:sections.${id}.body": { id: arrayIn("src/features/terms/TermsPage.tsx", "sections") },
  "terms:kind.${other}": { other: kindIds },
  "terms:kind.${kind}": { kind: kindIds },
  "dashboard:greeting.${dayPart(date)}": { "dayPart(date)": ["morning", "afternoon", "evening"] }, // greeting.ts dayPart
  "dashboard:kinds.${kind}": { kind: kindIds },
  "dashboard:stats.pending.${kind}": { kind: kindIds }, // StatTiles pendingTile
  "dashboard:export.${target}": { target: [...kindIds, "all"] }, // ExportTarget = KindId | "all"
  "check:kindTitle.${kind}": { kind: kindIds },
  "check:signed.kinds.${kind}": { kind: kindIds },
  "check:fields.${ref.field}": { "ref.field": refFields }, // card-check.ts: refs of kinds[kind].refFields
  "registration:portal.${kind}.title": { kind: kindIds },
  "registration:portal.${kind}.body": { kind: kindIds },
  "registration:steps.${id}": {
    id: [
      ...new Set([
        ...unionIn("src/forms/fields.ts", "StepId"),
        ...unionIn("src/forms/fields.ts", "SectionId"),
        "review",
      ]),
    ],
  },
  "profile:strength.${strength}": { strength: unionIn("src/forms/password.ts", "PasswordStrength") },
  "errors:storageLost.${what}": { what: unionIn("src/machines/storage-lost.ts", "StorageLoss") },
  // useTranslation() → common namespace.
  "theme.${id}": { id: THEMES },
  "language.${id}": { id: LANGUAGES },
  // The lifecycle extension's card panel (src/features/cards/lifecycle/CardLifePanel.tsx).
  "card:lifecycle.changed.${event.action}": { "event.action": ["suspended", "reactivated", "replaced", "renewed"] },
  "card:lifecycle.state.${state}": { state: [...cardStates, "inactive"] },
  "card:lifecycle.reasonLabel.${current.state_reason}": { "current.state_reason": suspendReasons },
  "card:lifecycle.reasonLabel.${r}": { r: suspendReasons },
  "card:lifecycle.reasonLabel.${reason}": { reason: suspendReasons }, // CardListScreen's state cell
  // Bulk renewal's report (src/machines/bulk-renewal.ts).
  "card:renewal.report.columns.${c}": { c: ["code", "register", "name", "result", "detail"] },
  "card:renewal.refusal.${code}": { code: renewalRefusals },
  // The agents' activity (src/machines/agent-activity.ts, src/features/agents/AgentActivityScreen.tsx).
  "agent:activity.columns.${key}": { key: arrayIn("src/api/endpoints/lifecycle.ts", "activityActions") },
  // The items behind one count (src/features/agents/ActivityItemsScreen.tsx).
  "agent:activity.columns.${query.action}": {
    "query.action": arrayIn("src/api/endpoints/lifecycle.ts", "activityActions"),
  },
  "${item.kind}:title": { "item.kind": kindIds },
  "agent:activity.items.${item.item}": { "item.item": ["card", "demand"] },
  "dashboard:export.fileTarget.${kind.id}": { "kind.id": kindIds },
  "card:lifecycle.reason.${e.reason}": { "e.reason": suspendReasons },
  "card:lifecycle.timeline.kind.${e.kind}": { "e.kind": eventKinds },
  'card:lifecycle.${dialog ?? "suspend"}Dialog.title': { 'dialog ?? "suspend"': ["suspend", "reactivate", "replace"] },
  'card:lifecycle.${dialog ?? "suspend"}Dialog.description': {
    'dialog ?? "suspend"': ["suspend", "reactivate", "replace"],
  },
  'card:lifecycle.${dialog ?? "suspend"}Dialog.submit': { 'dialog ?? "suspend"': ["suspend", "reactivate", "replace"] },
  "check:life.suspended.${reason}": { reason: suspendReasons }, // check-life.ts
  "card:lifecycle.${dialog}Dialog.note": { dialog: ["suspend", "reactivate", "replace"] },
  // PrivacyPage list(keys, prefix, t): t(`${prefix}.${key}`) over its three list(…) calls; checked via privacyLists.
  "${prefix}.${key}": null,
  // The checker's verdict (useTranslation("verify")): the kind a signed QR names, a revocation's known reasons.
  "verify:kind.${claims.kind}": { "claims.kind": kindIds },
  "verify:reason.${verdict.reason}": {
    "verdict.reason": arrayIn("src/features/verify/VerdictPanel.tsx", "knownReasons"),
  },
};

/** Every key a template stands for, or the expressions without listed values. */
const expand = (template: string): { keys: string[]; unknown: string[] } => {
  const spec = DYNAMIC[template];
  const parts = template.split(/\$\{([^}]*(?:\([^)]*\))?[^}]*)\}/);
  if (spec === null) return { keys: [], unknown: [] };
  if (spec === undefined) return { keys: [], unknown: [template] };
  let keys = [""];
  const unknown: string[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) keys = keys.map((k) => k + part);
    else {
      const values = spec[part];
      if (!values || values.length === 0) unknown.push(`${template} (\${${part}})`);
      keys = keys.flatMap((k) => (values ?? []).map((v) => k + v));
    }
  });
  return { keys, unknown };
};

// ── The scan ───────────────────────────────────────────────────────────────────────────────────────────────────

interface Use {
  readonly file: string;
  readonly key: string;
  /** Written directly as the first argument of t(…): a key group (prefix) is not enough there. */
  readonly call?: boolean;
}

const scan = () => {
  const uses: Use[] = [];
  const templates: Use[] = [];
  for (const path of appSources) {
    const file = relative(root, path);
    const text = readFileSync(path, "utf8");
    // Namespace of unqualified keys: the file's useTranslation("ns") (several: any of them), else common.
    const fileNamespaces = [...new Set([...text.matchAll(/useTranslation\(\s*["'](\w+)["']/g)].map((m) => m[1]!))];
    const defaults = fileNamespaces.length > 0 ? fileNamespaces : ["common"];

    // 1. Every "ns:key" / 'ns:key' / `ns:key` literal.
    for (const m of text.matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
      const value = m[2]!;
      if (m[1] === "`" && value.includes("${")) continue;
      const call = /(?:^|[^\w$])t\(\s*$/.test(text.slice(Math.max(0, m.index - 20), m.index));
      if (nsKey.test(value)) uses.push({ file, key: value, call });
    }
    // 2. t("key") and i18nKey="key" without a namespace.
    for (const m of text.matchAll(
      /(?:(?<![\w$])t|\.t)\(\s*["']([A-Za-z0-9_.-]+)["']|i18nKey=\{?["']([A-Za-z0-9_.-]+)["']/g,
    )) {
      const key = m[1] ?? m[2]!;
      uses.push({ file, key: `${defaults.join("|")}:${key}`, call: true });
    }
    // 3. Template literals that are keys: `ns:…${…}`, `${…}:…`, or the first argument of t(…).
    for (const m of text.matchAll(/(?:(?:(?<![\w$])t|\.t)\(\s*)?`([^`]*\$\{[^`]*)`/g)) {
      const template = m[1]!;
      const isCall = m[0].startsWith("t(") || m[0].startsWith(".t(");
      if (!isCall && !new RegExp(`^(?:(?:${nsAlternation}):|\\$\\{[^}]+\\}:[A-Za-z])`).test(template)) continue;
      if (/\s/.test(template.replace(/\$\{[^}]*\}/g, ""))) continue; // prose, not a key
      if (/\$\{\s*(?:string|number)\s*\}/.test(template)) continue; // a template literal type (I18nKey, ValidationKey)
      templates.push({ file, key: template });
    }
  }
  return { uses, templates };
};

const { uses, templates } = scan();

describe("every translation key used in src exists (fr; en has the same keys)", () => {
  it("finds the keys (the scan itself works)", () => {
    expect(appSources.length).toBeGreaterThan(50);
    expect(uses.length).toBeGreaterThan(300);
    expect(uses).toContainEqual({ file: "src/api/messages.ts", key: "errors:notValid", call: false });
    expect(templates.map((t) => t.key)).toContain("nav:${link.key}");
  });

  it('literal keys: "ns:key", t("key") with the file\'s namespace, i18nKey', () => {
    // Outside a t(…) call a literal may also name a key group that code extends (PrivacyPage list(keys, prefix)).
    const isGroup = (key: string) => [...catalogue].some((k) => k.startsWith(`${key}.`));
    const missing = uses.filter(({ key, call }) => {
      const [nss, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
      return !nss.split("|").some((ns) => exists(`${ns}:${rest}`) || (!call && isGroup(`${ns}:${rest}`)));
    });
    expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it("template keys: every listed value of each ${…} gives an existing key; none is unlisted", () => {
    const unknown: string[] = [];
    const missing: string[] = [];
    for (const { file, key: template } of templates) {
      const { keys, unknown: u } = expand(template);
      unknown.push(...u.map((x) => `${file}: \`${x}\` — list its values in DYNAMIC`));
      for (const key of keys) {
        const qualified = key.includes(":") ? key : `common:${key}`;
        if (!exists(qualified)) missing.push(`${file}: ${qualified} (from \`${template}\`)`);
      }
    }
    for (const key of privacyLists) if (!exists(key)) missing.push(`src/features/terms/PrivacyPage.tsx: ${key}`);
    expect(privacyLists.length).toBeGreaterThan(5);
    expect(unknown).toEqual([]);
    expect(missing).toEqual([]);
  });
});
