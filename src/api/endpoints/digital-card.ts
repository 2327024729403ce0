import type { AnyKind } from "../../kinds";
import { DigitalCard, type DigitalCardLookup } from "../schemas";
import { requestByCode } from "./track";

/**
 * Extension `digital-card` (docs/extensions.md): the holder's card for the phone, without signing in, from the
 * receipt's code, the registration number and the birth date. Any mismatch (or no card yet) is DRF's JSON 404.
 */
export const fetchDigitalCard = <K extends AnyKind>(kind: K, lookup: DigitalCardLookup) =>
  requestByCode(
    {
      operation: "digitalCard",
      method: "post",
      url: kind.paths.digitalCard,
      body: { json: { code: lookup.code.trim(), register: lookup.register.trim(), birth_at: lookup.birth_at.trim() } },
      extension: "digital-card",
    },
    DigitalCard,
  );
