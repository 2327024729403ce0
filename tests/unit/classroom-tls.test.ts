import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { classroomCertificate } from "../../scripts/lib/classroom-tls";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm run demo -- --shared --https`: the classroom's self-signed certificate (scripts/lib/classroom-tls.ts). */
describe("the classroom's certificate", () => {
  it("names localhost and the room's addresses, and is kept across restarts so phones accept it once", () => {
    const dir = mkdtempSync(join(tmpdir(), "campus-tls-"));
    dirs.push(dir);
    const first = classroomCertificate(dir, ["192.0.2.7"]);
    expect(first.made).toBe(true);
    const x509 = new X509Certificate(first.cert);
    expect(x509.subjectAltName).toContain("IP Address:192.0.2.7");
    expect(x509.subjectAltName).toContain("DNS:localhost");
    expect(x509.checkPrivateKey(createPrivateKey(first.key))).toBe(true);
    const again = classroomCertificate(dir, ["192.0.2.7"]);
    expect(again).toMatchObject({ made: false, fingerprint: first.fingerprint });
    // Another network: a certificate for its address.
    const moved = classroomCertificate(dir, ["198.51.100.4"]);
    expect(moved.made).toBe(true);
    expect(new X509Certificate(readFileSync(join(dir, "classroom-cert.pem"))).subjectAltName).toContain(
      "IP Address:198.51.100.4",
    );
  });
});
