/** File answers: card PDFs and CSV exports (docs/spec.md §7: a non-JSON body is a file). */
import { MatchersV3 as M } from "@pact-foundation/pact";
import type { V4ResponseBuilder } from "@pact-foundation/pact/src/v4/http/types";
import type { KindId } from "../../../src/api/kind-ids";
import { CSV_BODY_PATTERN, minimalPdf, sampleCsv } from "./examples";

/** The builder's pact interaction, for a plain-text body (the V4 builder only offers JSON, XML and binary). */
interface TextBodies {
  readonly interaction: { withResponseBody: (body: string, contentType: string) => boolean };
}

/**
 * A CSV file: content type text/csv (a charset may follow) and a body of a header line and rows. A text body, not a binary one: Pact cannot tell CSV from plain text by its bytes.
 */
export const csvAnswer = (kind: KindId | "all") => (builder: V4ResponseBuilder) => {
  // No Content-Disposition: the client names the file itself when the server does not.
  builder.headers({ "Content-Type": "text/csv" });
  (builder as unknown as TextBodies).interaction.withResponseBody(sampleCsv(kind), "text/csv");
  builder.matchingRules({ body: { path: "$", rules: [M.regex(CSV_BODY_PATTERN, sampleCsv(kind))] } });
};

/** A PDF: content type application/pdf and a body whose bytes are a PDF (Pact checks the detected type). */
export const pdfAnswer = () => (builder: V4ResponseBuilder) => {
  builder.headers({ "Content-Type": "application/pdf" }).body("application/pdf", minimalPdf());
};
