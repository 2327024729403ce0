import type { KindId } from "../../api/kind-ids";
import { paths } from "../../api/paths";
import { bloodGroups, enumLabel, genders } from "../../api/schemas";
import { kinds, type AnyKind } from "../../kinds";
import { CSV_TYPE, toCsv } from "../csv";
import { dayStamp, displayWat } from "../dates";
import { file, type RouteContext, type RouteDef } from "../http";
import type { CardRecord } from "../models";
import { refLabel, type RefListName } from "../reference-data";
import { filteredCards } from "./cards";
import { scalarText } from "../../api/scalar-text";
import type { CardState } from "../../api/schemas/lifecycle";
import { stateOf, validUntil } from "../lifecycle";

/** The lifecycle extension's state, in the export's French (docs/extensions.md). */
const stateWords: Record<CardState, string> = {
  active: "Active",
  suspended: "Suspendue",
  replaced: "Remplacée",
  expired: "Expirée",
};

/** Card exports as CSV files: one kind (with its faculty/service filter) or all kinds. */

const kindLabels: Record<KindId, string> = { student: "Étudiant", staff: "Personnel", teacher: "Enseignant" };
const refTitles: Record<RefListName, string> = {
  faculty: "Faculté",
  cycle: "Cycle",
  filiere: "Filière",
  niveau: "Niveau",
  department: "Département",
  fonction: "Fonction",
  grade: "Grade",
  service: "Service",
};

const birthDate = (value: unknown) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(scalarText(value));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : scalarText(value);
};

const lifeColumns = (ctx: RouteContext, kind: AnyKind, card: CardRecord): (string | number)[] => {
  const state = stateOf(ctx.db, kind, card);
  return [state === null ? "" : stateWords[state], birthDate(validUntil(kind, card)), card.life?.sequence ?? 1];
};

/** One CSV for the given kinds' cards; reference columns are the union of the kinds' reference fields. */
const exportCsv = (
  ctx: RouteContext,
  entries: ReadonlyArray<{ kind: AnyKind; cards: readonly CardRecord[] }>,
): Uint8Array => {
  const refColumns = [...new Map(entries.flatMap(({ kind }) => Object.entries(kind.refFields))).entries()];
  const header = [
    "Type",
    "Code carte",
    "Matricule",
    "Nom",
    "Prénom",
    "Genre",
    "Date de naissance",
    "Email",
    "Téléphone",
    ...refColumns.map(([, list]) => refTitles[list]),
    "Groupe sanguin",
    "Allergies",
    "Personne à contacter",
    "Téléphone du contact",
    "Statut",
    // The lifecycle extension's columns, which the demo backend implements.
    "État",
    "Valide jusqu'au",
    "Séquence",
    "Impressions",
    "Validée par",
    "Mise à jour",
    "Demande du",
  ];
  const rows = entries.flatMap(({ kind, cards }) =>
    cards.map((card) => {
      const demand = ctx.db.demandOfCard(card);
      const f = demand.fields;
      const num = (v: unknown) => (typeof v === "number" ? v : 0);
      return [
        kindLabels[kind.id],
        card.code,
        String(f.register ?? ""),
        String(f.lastname ?? ""),
        String(f.firstname ?? ""),
        enumLabel(genders, num(f.gender), "fr"),
        birthDate(f.birth_at),
        String(f.email ?? ""),
        String(f.phone ?? ""),
        ...refColumns.map(([field, list]) => (field in f ? (refLabel(list, f[field] as number | null)?.fr ?? "") : "")),
        enumLabel(bloodGroups, num(f.blood_group), "fr"),
        String(f.allergies ?? ""),
        String(f.contact_person_name ?? ""),
        String(f.contact_person_phone ?? ""),
        card.valid ? "Valide" : "Invalide",
        ...lifeColumns(ctx, kind, card),
        card.print_count,
        card.validatorId === null ? "" : (ctx.db.user(card.validatorId)?.username ?? ""),
        displayWat(card.update_at),
        displayWat(demand.insert_at),
      ];
    }),
  );
  return toCsv(header, rows);
};

const csvFile = (bytes: Uint8Array, name: string) => file(bytes, CSV_TYPE, `cards-${name}-${dayStamp(Date.now())}.csv`);

export const kindExportRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "get",
    path: kind.paths.exportCards,
    auth: true,
    handle: (req, ctx) => csvFile(exportCsv(ctx, [{ kind, cards: filteredCards(ctx, kind, req, false) }]), kind.id),
  },
];

export const exportAllRoutes: RouteDef[] = [
  {
    method: "get",
    path: paths.exportAll,
    auth: true,
    handle: (_req, ctx) =>
      csvFile(
        exportCsv(
          ctx,
          (Object.values(kinds) as AnyKind[]).map((kind) => ({ kind, cards: ctx.db.cards(kind.id) })),
        ),
        "all",
      ),
  },
];
