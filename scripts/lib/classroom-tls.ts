/**
 * `npm run demo -- --shared --https`: a self-signed certificate for the classroom's addresses, made with Debian's
 * openssl on the first start and kept beside the class's data, so a phone that accepted it once keeps it across
 * restarts. Made again only when the addresses it names change (another network) or it is about to expire.
 * Browsers give the camera and WebCrypto to https pages only: the guards' checker needs it on a phone.
 */
import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import { join } from "node:path";

export interface ClassroomCertificate {
  readonly key: Buffer;
  readonly cert: Buffer;
  /** SHA-256 fingerprint, as a phone's certificate details show it: the trainer can read it out to the class. */
  readonly fingerprint: string;
  /** Whether this start made it (phones must accept it again). */
  readonly made: boolean;
}

const DAYS = 365;
/** Made again this long before it expires, rather than failing during a class. */
const RENEW_BEFORE_MS = 14 * 24 * 3600_000;

const subjectAltName = (addresses: readonly string[]): string =>
  [...new Set(["localhost", "127.0.0.1", ...addresses])]
    .map((address) => (isIP(address) ? `IP:${address}` : `DNS:${address}`))
    .join(",");

/** The names a certificate covers, as X509Certificate writes them ("DNS:localhost, IP Address:10.0.0.7"). */
const covers = (cert: X509Certificate, addresses: readonly string[]): boolean => {
  const names = (cert.subjectAltName ?? "").split(", ").map((name) => name.replace(/^(DNS|IP Address):/, ""));
  return addresses.every((address) => names.includes(address));
};

/** The certificate in `dir` for `addresses`, made (or made again) with openssl when needed. */
export const classroomCertificate = (dir: string, addresses: readonly string[]): ClassroomCertificate => {
  const keyFile = join(dir, "classroom-key.pem");
  const certFile = join(dir, "classroom-cert.pem");
  if (existsSync(keyFile) && existsSync(certFile)) {
    const cert = readFileSync(certFile);
    const x509 = new X509Certificate(cert);
    if (covers(x509, addresses) && Date.parse(x509.validTo) - Date.now() > RENEW_BEFORE_MS)
      return { key: readFileSync(keyFile), cert, fingerprint: x509.fingerprint256, made: false };
  }
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        certFile,
        "-days",
        String(DAYS),
        "-subj",
        "/CN=campus-card classroom demo",
        "-addext",
        `subjectAltName=${subjectAltName(addresses)}`,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
  } catch (error) {
    throw new Error(
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "--https needs openssl (Debian: apt-get install openssl)"
        : `openssl could not make a certificate: ${String(error)}`,
      { cause: error },
    );
  }
  const cert = readFileSync(certFile);
  return { key: readFileSync(keyFile), cert, fingerprint: new X509Certificate(cert).fingerprint256, made: true };
};
