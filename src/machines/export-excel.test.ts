import { describe, expect, it } from "vitest";
import type { Agent } from "../api";
import { excelDate, parseCsv, toExcelCsv } from "./export-excel";

const words = { active: "Active", inactive: "Inactive" };
const agents: Agent[] = [
  { id: "7", username: "agent1", first_name: "Awa", last_name: "Fouda", email: "" },
  { id: "9", username: "nameless", first_name: "", last_name: "", email: "" },
];

/** The demo backend's export as it comes (comma-separated, French headers, BOM, CRLF). */
const serverCsv = [
  "\uFEFFType,Code carte,Nom,Date de naissance,Statut,Impressions,Validée par,Mise à jour,Allergies",
  `Étudiant,PCSTUD000001,"Mbarga, Serge",12/03/2004,Valide,2,agent1,06/05/2026 - 17:08,"'=HYPERLINK(""x"")"`,
  "Personnel,PCPER000002,Ngo;Bassa,1985-06-15,Invalide,0,9,2026-05-07T09:05:00,",
  "Enseignant,PCTEA000003,Eto'o,,Valide,1,unknown,,=1+1",
  "",
].join("\r\n");

const hex = (bytes: Uint8Array) => Array.from(bytes.subarray(0, 3), (b) => b.toString(16));

describe("CSV for Excel (French)", () => {
  it("writes exactly: BOM, `;` separators, UI status words, agents' names, dates Excel reads, CRLF rows", () => {
    const bytes = toExcelCsv(serverCsv, words, agents);
    expect(hex(bytes)).toEqual(["ef", "bb", "bf"]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      "\uFEFF" +
        [
          "Type;Code carte;Nom;Date de naissance;Statut;Impressions;Validée par;Mise à jour;Allergies",
          `Étudiant;PCSTUD000001;Mbarga, Serge;12/03/2004;Active;2;Awa Fouda;06/05/2026 17:08;"'=HYPERLINK(""x"")"`,
          'Personnel;PCPER000002;"Ngo;Bassa";15/06/1985;Inactive;0;nameless;07/05/2026 09:05;',
          "Enseignant;PCTEA000003;Eto'o;;Active;1;unknown;;'=1+1",
        ].join("\r\n") +
        "\r\n",
    );
  });

  it("takes the words it is given (the UI's language)", () => {
    const text = new TextDecoder().decode(
      toExcelCsv("Status,validated_by\r\ntrue,7\r\n", { active: "Actif", inactive: "Inactif" }, agents),
    );
    expect(text).toBe("Status;validated_by\r\nActif;Awa Fouda\r\n");
  });

  it("names the lifecycle states as the screens do, and leaves the validity end and sequence as they are", () => {
    const states = { suspended: "Suspended", replaced: "Replaced", expired: "Expired" };
    const text = new TextDecoder().decode(
      toExcelCsv(
        "Code carte,Statut,État,Valide jusqu'au,Séquence\r\nA,Invalide,Suspendue,30/09/2027,1\r\nB,Invalide,Remplacée,30/09/2027,1\r\nC,Valide,Active,2027-09-30,2\r\nD,Invalide,Expirée,30/09/2026,1\r\n",
        { ...words, states },
        [],
      ),
    );
    expect(text).toBe(
      "Code carte;Statut;État;Valide jusqu'au;Séquence\r\n" +
        "A;Inactive;Suspended;30/09/2027;1\r\nB;Inactive;Replaced;30/09/2027;1\r\n" +
        "C;Active;Active;30/09/2027;2\r\nD;Inactive;Expired;30/09/2026;1\r\n",
    );
  });

  it("reads a server CSV already separated by `;`", () => {
    expect(parseCsv("a;b\r\n1;2\r\n", ";")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(new TextDecoder().decode(toExcelCsv("a;Statut\n1;Invalide\n", words, []))).toBe(
      "a;Statut\r\n1;Inactive\r\n",
    );
  });

  it("writes dates as dd/mm/yyyy and dd/mm/yyyy hh:mm, leaves other cells alone", () => {
    expect(excelDate("06/05/2026 - 17:08")).toBe("06/05/2026 17:08");
    expect(excelDate("2026-05-06")).toBe("06/05/2026");
    expect(excelDate("2026-05-06 17:08:00")).toBe("06/05/2026 17:08");
    expect(excelDate("12/03/2004")).toBeNull();
    expect(excelDate("21T2345")).toBeNull();
    expect(excelDate("677123456")).toBeNull();
  });
});
