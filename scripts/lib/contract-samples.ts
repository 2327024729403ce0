/**
 * One sample demand of each kind (server field names, docs/spec.md §3) and a photo: the values the contract's
 * provider states put in the demo database (provider-states.ts, shipped with `npm run mock:api --pact-states`), and
 * the fixtures the tests share (tests/fixtures/entities.ts re-exports them). Their reference ids exist in the demo's
 * reference lists.
 */
import type { Schema } from "effect";
import type { StaffDemand, StudentDemand, TeacherDemand } from "../../src/api/schemas";

type T<S extends Schema.Top> = Schema.Schema.Type<S>;

/** A 1×1 transparent PNG, the smallest image a photo_str can carry. */
export const photoBase64 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

export const studentDemand: T<typeof StudentDemand> = {
  id: "3f2b8c1e-6d4a-4c8e-9b1a-2e5f7d9c0a11",
  code: "DMSTUD0001",
  insert_at: "2024-10-14T09:32:15.123456Z",
  validated: false,
  register: "21T2345",
  firstname: "Épiphanie",
  lastname: "Ngono",
  birth_at: "2003-05-17",
  gender: 1,
  email: "epiphanie.ngono@facsciences-uy1.cm",
  phone: "677123456",
  contact_person_name: "Mballa Noël",
  contact_person_phone: "699876543",
  blood_group: 3,
  allergies: "Pénicilline",
  scholl: 1,
  faculty: 1,
  cycle: 1,
  filiere: 1,
  paiement: 2,
  niveau: 3,
  photo_str: photoBase64,
};

export const staffDemand: T<typeof StaffDemand> = {
  id: "8a1d4f7c-2b3e-4a5f-8c9d-0e1f2a3b4c5d",
  code: "DMPER0001",
  insert_at: "2024-10-15T11:05:42Z",
  validated: false,
  register: "PER1024",
  firstname: "Françoise",
  lastname: "Nkoulou",
  birth_at: "1985-11-02",
  birth_place: "Ébolowa",
  gender: 1,
  nid: "1234567890",
  email: "francoise.nkoulou@uy1.cm",
  phone: "655443322",
  contact_person_name: "Nkoulou Jérôme",
  contact_person_phone: "677889900",
  blood_group: 1,
  allergies: "Aucune",
  school: 1,
  fonction: 1,
  service: 1,
};

export const teacherDemand: T<typeof TeacherDemand> = {
  id: "c4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70",
  code: "DMTEA0001",
  insert_at: "2024-10-16T08:15:00Z",
  validated: true,
  register: "ENS0451",
  firstname: "Hervé",
  lastname: "Tchakounté",
  birth_at: "1978-02-24",
  birth_place: "Bafoussam",
  gender: 2,
  nid: "987654321",
  email: "herve.tchakounte@uy1.cm",
  phone: "691234567",
  contact_person_name: "Tchakounté Zoé",
  contact_person_phone: "694561237",
  blood_group: 9,
  allergies: "Arachides",
  school: 1,
  faculty: 1,
  department: 1,
  fonction: 2,
  grade: 1,
};
