import { imagePixelSize, MAX_IMAGE_PIXELS, sniffImageType, withinPixelLimit } from "../../forms/image-header";
import { stillImage } from "../../forms/image-integrity";
import type { AnyKind } from "../../kinds";
import { isoWat } from "../dates";
import { hasPhoto, readDemandFields, type FieldErrors } from "../fields";
import {
  badRequest,
  bodyFields,
  json,
  notFound,
  throttled,
  type DemoRequest,
  type RouteContext,
  type RouteDef,
} from "../http";
import type { DemandRecord, FieldValue } from "../models";
import { paginate, searchMatches, searchTextOf } from "../paging";
import { receivedFiltered } from "../received";
import { bytesToBase64, randomToken, randomUuid } from "../random";
import { referenceData } from "../reference-data";
import { cardCode, newDemandCode } from "../seeds";
import { demandJson, demandListJson } from "../serialize";
import { idPattern } from "./pattern";

/** Demand endpoints of one kind (docs/spec.md §7): submit, list, detail, full and simple validation. */

export const EXISTS = "This demand already exist.";
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The uploaded photo as base64, undefined when none was sent; a problem goes into `errors`. */
const uploadedPhoto = (req: DemoRequest, errors: FieldErrors): string | undefined => {
  if (req.body.type !== "form") return undefined;
  const photo = req.body.files.photo;
  if (!photo) return undefined;
  if (photo.bytes.length > MAX_PHOTO_BYTES) {
    errors.photo = ["The photo must not exceed 5 MB."];
    return undefined;
  }
  // Judged from the header, never decoded here: the card PDF decodes it later, so its size must be sane first.
  const size = sniffImageType(photo.bytes) ? imagePixelSize(photo.bytes) : null;
  const invalid = "Upload a valid image. The file you uploaded was either not an image or a corrupted image.";
  if (!size) errors.photo = [invalid];
  else if (!withinPixelLimit(size))
    errors.photo = [`The photo must not exceed ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`];
  else {
    // What is stored, and printed on the card, is one clean still image: bytes glued after its end are cut, an
    // animation keeps its first image (a real backend re-encodes with its imaging library to the same effect).
    const still = stillImage(photo.bytes);
    if (still.ok) return bytesToBase64(still.bytes);
    errors.photo = [still.problem === "animated" ? "Upload a still image: animated images are not accepted." : invalid];
  }
  return undefined;
};

/** Reads and checks a demand body: field rules, reference ids, unique register within the kind. */
const readDemand = (ctx: RouteContext, kind: AnyKind, req: DemoRequest, current?: DemandRecord) => {
  const { values, errors } = readDemandFields(kind, bodyFields(req), current?.fields);
  for (const [field, list] of Object.entries(kind.refFields)) {
    const id = values[field];
    if (typeof id === "number" && !referenceData[list].some((item) => item.id === id)) {
      errors[field] = [`Invalid pk "${id}" - object does not exist.`];
    }
  }
  const register = values.register;
  const other = typeof register === "string" ? ctx.db.demandByRegister(kind.id, register) : undefined;
  if (other && other.id !== current?.id) errors.register = [EXISTS];
  const photo = hasPhoto(kind) ? uploadedPhoto(req, errors) : undefined;
  return { values, errors, photo };
};

const findDemand = (ctx: RouteContext, kind: AnyKind, req: DemoRequest): DemandRecord =>
  ctx.db.demand(kind.id, req.params.id ?? "") ?? notFound();

/** Marks a demand validated and issues its card (a fresh random token, the next card code). */
const validate = (
  ctx: RouteContext,
  kind: AnyKind,
  d: DemandRecord,
  patch: { fields?: Record<string, FieldValue>; photo?: string | null },
) => {
  if (d.validated) badRequest({ detail: "This demand is already validated." });
  const now = isoWat(Date.now());
  // A demand rejected or sent back for correction may still be validated: it is then no longer rejected.
  delete d.rejection;
  ctx.db.updateDemand(d, { ...patch, validated: true, update_at: now });
  const seq = ctx.db.nextCardSeq(kind.id);
  const card = {
    id: randomUuid(),
    kind: kind.id,
    seq,
    code: cardCode(kind, seq),
    demandId: d.id,
    token: randomToken(16),
    valid: true,
    update_at: now,
    print_count: 0,
    validatorId: ctx.user?.id ?? null,
  };
  ctx.db.addCard(card);
  return json({ id: d.id, validated: true, card: card.id });
};

const validatedFilter = (raw: string | null): boolean | null =>
  raw === null || raw === ""
    ? null
    : ["true", "1", "True"].includes(raw)
      ? true
      : ["false", "0", "False"].includes(raw)
        ? false
        : null;

export const demandRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: kind.paths.submit,
    auth: false,
    handle: (req, ctx) => {
      // "This demand already exist." tells whether a registration number is known: held up as `/track` guesses are.
      const client = req.client ?? "";
      const register = (bodyFields(req).register ?? "").trim().slice(0, 40);
      const wait = register === "" ? 0 : ctx.db.guards.probeWait(client, register);
      if (wait > 0) return throttled(wait);
      const { values, errors, photo } = readDemand(ctx, kind, req);
      if (errors.register?.[0] === EXISTS) ctx.db.guards.noteProbe(client, register);
      if (Object.keys(errors).length > 0) badRequest(errors);
      const seq = ctx.db.nextDemandSeq(kind.id);
      const demand: DemandRecord = {
        id: randomUuid(),
        kind: kind.id,
        seq,
        code: newDemandCode(kind, (code) => ctx.db.demands(kind.id).some((d) => d.code === code)),
        insert_at: isoWat(Date.now()),
        update_at: null,
        validated: false,
        fields: values,
        photo: photo === undefined ? null : ctx.db.addPhoto(photo),
      };
      ctx.db.addDemand(demand);
      return json({ id: demand.id, code: demand.code }, 201);
    },
  },
  {
    method: "get",
    path: kind.paths.demands,
    auth: true,
    handle: (req, ctx) => {
      const search = req.url.searchParams.get("search");
      const validated = validatedFilter(req.url.searchParams.get("validated"));
      // Extension `reject`: `rejection=none|rejected|correction` (docs/extensions.md); anything else is ignored, as a
      // django-filter ChoiceFilter given no value.
      const rejection = req.url.searchParams.get("rejection");
      const decided = (d: DemandRecord) =>
        rejection !== "none" && rejection !== "rejected" && rejection !== "correction"
          ? true
          : (d.rejection?.status ?? "none") === rejection;
      const found = receivedFiltered(req, ctx.db.demands(kind.id)).filter(
        (d) =>
          (validated === null || d.validated === validated) &&
          decided(d) &&
          searchMatches(search, searchTextOf(d.fields, d.code)),
      );
      return json(paginate(req, ctx.origin, found, ctx.pageSize, (d) => demandListJson(ctx.db, kind, d)));
    },
  },
  {
    method: "get",
    path: idPattern(kind.paths.demand),
    auth: true,
    handle: (req, ctx) => json(demandJson(ctx.db, kind, findDemand(ctx, kind, req))),
  },
  {
    method: "post",
    path: idPattern(kind.paths.validate),
    auth: true,
    handle: (req, ctx) => {
      const demand = findDemand(ctx, kind, req);
      if (demand.validated) badRequest({ detail: "This demand is already validated." });
      const { values, errors, photo } = readDemand(ctx, kind, req, demand);
      if (kind.photoToValidate === "required" && photo === undefined && !demand.photo && !errors.photo) {
        errors.photo = ["A photo is required to validate this demand."];
      }
      if (Object.keys(errors).length > 0) badRequest(errors);
      return validate(ctx, kind, demand, {
        fields: values,
        ...(photo === undefined ? {} : { photo: ctx.db.addPhoto(photo) }),
      });
    },
  },
  {
    method: "post",
    path: idPattern(kind.paths.validateSimple),
    auth: true,
    handle: (req, ctx) => validate(ctx, kind, findDemand(ctx, kind, req), {}),
  },
];
