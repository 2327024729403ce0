/**
 * Multipart request bodies for Pact. Pact compares multipart bodies part by part; the expected body is written
 * here with a fixed boundary (so the pact file never changes between runs) and every part gets a matcher: a
 * regular expression or a type for text fields, the content type for files. The client's own boundary differs,
 * which the Content-Type header matcher allows.
 */
import { MatchersV3 as M, type Rules } from "@pact-foundation/pact";
import type { V4RequestBuilder } from "@pact-foundation/pact/src/v4/http/types";
import { formFieldPatterns } from "./examples";

export const BOUNDARY = "campus-card-contract-boundary";

export interface FilePart {
  readonly name: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

const textPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, "utf8");

const filePart = (file: FilePart) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      "utf8",
    ),
    file.bytes,
    Buffer.from("\r\n"),
  ]);

/** Adds a multipart/form-data body of `fields` (and `files`) to a request, with a matcher per part. */
export const multipartBody =
  (
    fields: Readonly<Record<string, string | number>>,
    files: readonly FilePart[] = [],
    patterns: Readonly<Record<string, string>> = formFieldPatterns,
  ) =>
  (builder: V4RequestBuilder): V4RequestBuilder => {
    const body = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) => textPart(name, String(value))),
      ...files.map(filePart),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const rules: Rules = {
      body: [
        ...Object.entries(fields).map(([name, value]) => {
          const pattern = patterns[name];
          if (pattern && !new RegExp(pattern).test(String(value)))
            throw new Error(`form field ${name}=${value} does not match /${pattern}/`);
          return { path: `$.${name}`, rules: [pattern ? M.regex(pattern, String(value)) : M.like(String(value))] };
        }),
        ...files.map((file) => ({ path: `$.${file.name}`, rules: [M.contentType(file.contentType)] })),
      ],
    } as unknown as Rules;
    return builder
      .headers({
        "Content-Type": M.regex("^multipart/form-data; ?boundary=.+$", `multipart/form-data; boundary=${BOUNDARY}`),
      })
      .body(`multipart/form-data; boundary=${BOUNDARY}`, body)
      .matchingRules(rules);
  };
