/**
 * Field specs of the registration forms: one object per server field (docs/spec.md §3) saying how it is entered, labelled
 * and validated. Kind descriptors (src/kinds) arrange these shared specs into wizard steps and back-office
 * sections; the wizard machine, the submission and the screens read only these specs.
 */
import type { KindId } from "../api/kind-ids";
import type { Language } from "../i18n/namespaces";
import { bloodGroups, genders, payments, SCHOOL_ID, type EnumLabel } from "../api/schemas/enums";
import type { ReferenceData } from "../api/schemas";
import type { Option, SelectList } from "./cascade";
import * as rules from "./rules";
import type { FieldErrors, FormValue, FormValues, Rule, ValidationKey } from "./rules";

/** An i18n key with its namespace. */
export type I18nKey = `${"registration" | KindId | "validation"}:${string}`;

export type EnumName = "gender" | "bloodGroup" | "payment";
export const enumTables: Readonly<Record<EnumName, Readonly<Record<number, EnumLabel>>>> = {
  gender: genders,
  bloodGroup: bloodGroups,
  payment: payments,
};

/** The options of an enumeration, labelled from src/api/schemas/enums.ts. */
export const enumOptions = (name: EnumName, lang: Language): Option[] =>
  Object.entries(enumTables[name]).map(([id, label]) => ({ id: Number(id), code: id, label: label[lang] }));

/** How a field is entered. */
export type FieldInput =
  | { readonly type: "text" | "email" | "tel" | "date" | "textarea" }
  /** A select whose options come from a reference list (cascade.ts `optionsFor`). */
  /** `card`: the card type whose items only it offers, where the rows name one (cascade.ts `fonctionOptions`). */
  | { readonly type: "select"; readonly list: SelectList; readonly card?: KindId }
  /** A fixed enumeration (gender, blood group, payment): `enumOptions`. */
  | { readonly type: "enum"; readonly options: EnumName }
  /** The photo upload (crop and drag-drop dialog); its value is the wizard's `photo` data URL. */
  | { readonly type: "photo" };

export interface FieldSpec {
  /** Server field name (docs/spec.md §3), also the key in the form values. */
  readonly name: string;
  readonly input: FieldInput;
  readonly labelKey: I18nKey;
  /** Hint shown under the control (format, limits), written to the applicant. */
  readonly descriptionKey?: I18nKey;
  /** The same hint written to the agent checking a demand (the validation screen), where the applicant's words would be wrong. */
  readonly agentDescriptionKey?: I18nKey;
  /** Whether the screen marks the field as required (the rule decides; this only drives the marker). */
  readonly required: boolean;
  readonly validate: Rule;
  /** Fields whose value restricts this one's options (cascading selects), parents first. */
  readonly dependsOn?: readonly string[];
  /** Value of a new form; "" for texts and null for choices when absent. */
  readonly defaultValue?: FormValue;
  /** HTML autocomplete token (WCAG 1.3.5). */
  readonly autoComplete?: string;
  /** Limit to show as a counter; not meant as an HTML maxlength (the message must be reachable). */
  readonly maxLength?: number;
  /** The hint already gives the allowed length ("5 à 7 caractères."): no second "7 caractères max." nor counter. */
  readonly limitInHint?: boolean;
}

export type StepId = "academic" | "payment" | "professional" | "personal" | "emergency";
export type SectionId = "academic" | "professional" | "personal" | "emergency";
export type AcceptanceId = "read" | "accept" | "termsOfUse";

export interface StepSpec {
  readonly id: StepId;
  readonly titleKey: I18nKey;
  readonly fields: readonly FieldSpec[];
}

export interface SectionSpec {
  readonly id: SectionId;
  readonly titleKey: I18nKey;
  readonly fields: readonly FieldSpec[];
}

export interface AcceptanceSpec {
  readonly id: AcceptanceId;
  readonly labelKey: I18nKey;
}

export interface ReviewSpec {
  readonly id: "review";
  readonly titleKey: I18nKey;
  readonly acceptances: readonly AcceptanceSpec[];
}

/** The `form` of a kind descriptor. */
export interface KindForm {
  /** Data steps of the registration wizard, in order; the review step follows them. */
  readonly steps: readonly StepSpec[];
  /** The review step, common to all kinds. */
  readonly review: ReviewSpec;
  /** Groupings of the back-office validation screen (docs/spec.md §2), reusing the same specs. */
  readonly sections: readonly SectionSpec[];
}

// ── Shared specs ───────────────────────────────────────────────────────────────────────────────────────────

const text = (
  name: string,
  labelKey: I18nKey,
  validate: Rule,
  extra: Partial<Omit<FieldSpec, "name" | "labelKey" | "validate">> = {},
): FieldSpec => ({ name, input: { type: "text" }, labelKey, validate, required: true, defaultValue: "", ...extra });

const select = (
  name: string,
  list: SelectList,
  labelKey: I18nKey,
  requiredKey: ValidationKey,
  dependsOn?: readonly string[],
): FieldSpec => ({
  name,
  input: { type: "select", list },
  labelKey,
  validate: rules.requiredChoice(requiredKey),
  required: true,
  defaultValue: null,
  ...(dependsOn ? { dependsOn } : {}),
});

const enumField = (name: string, options: EnumName, labelKey: I18nKey, requiredKey: ValidationKey): FieldSpec => ({
  name,
  input: { type: "enum", options },
  labelKey,
  validate: rules.requiredEnum(enumTables[options], requiredKey),
  required: true,
  defaultValue: null,
});

type SchoolName = "scholl" | "school";

/** The specs every kind draws from. Builders taking `school` need the kind's school field name. */
export const fieldSpecs = {
  /** Student register: 5 to 7 characters. */
  register: text("register", "registration:fields.register", rules.register, {
    descriptionKey: "registration:hints.register",
    maxLength: rules.limits.registerMax,
    limitInHint: true,
    autoComplete: "off",
  }),
  /** Staff and teacher register: 5 to 7 characters, letters, digits, "-", "/", "." only. */
  registerStrict: text("register", "registration:fields.register", rules.registerStrict, {
    descriptionKey: "registration:hints.registerStrict",
    maxLength: rules.limits.registerMax,
    limitInHint: true,
    autoComplete: "off",
  }),
  lastname: text("lastname", "registration:fields.lastname", rules.lastname, {
    maxLength: rules.limits.nameMax,
    autoComplete: "family-name",
  }),
  firstname: text("firstname", "registration:fields.firstname", rules.firstname, {
    maxLength: rules.limits.nameMax,
    autoComplete: "given-name",
  }),
  gender: {
    ...enumField("gender", "gender", "registration:fields.gender", "validation:genderRequired"),
    autoComplete: "sex",
  },
  email: text("email", "registration:fields.email", rules.email, {
    input: { type: "email" },
    maxLength: rules.EMAIL_MAX,
    autoComplete: "email",
  }),
  phone: text("phone", "registration:fields.phone", rules.phone, {
    input: { type: "tel" },
    maxLength: rules.limits.phoneInputMax,
    descriptionKey: "registration:hints.phone",
    autoComplete: "tel-national",
  }),
  birthAt: text("birth_at", "registration:fields.birth_at", rules.birthDate, {
    input: { type: "date" },
    descriptionKey: "registration:hints.birth_at",
    agentDescriptionKey: "registration:agentHints.birth_at",
    autoComplete: "bday",
  }),
  birthPlace: text("birth_place", "registration:fields.birth_place", rules.birthPlace, {
    maxLength: rules.limits.birthPlaceMax,
  }),
  nid: text("nid", "registration:fields.nid", rules.nid, {
    descriptionKey: "registration:hints.nid",
    agentDescriptionKey: "registration:agentHints.nid",
    maxLength: rules.limits.nidMax,
    limitInHint: true,
    autoComplete: "off",
  }),
  /** Photo: optional at registration (docs/spec.md §3 for students; staff and teachers too, docs/assumptions.md). */
  photo: {
    name: "photo",
    input: { type: "photo" },
    labelKey: "registration:fields.photo",
    descriptionKey: "registration:hints.photo",
    agentDescriptionKey: "registration:agentHints.photo",
    required: false,
    validate: rules.photoOptional,
    defaultValue: null,
  } satisfies FieldSpec as FieldSpec,
  contactName: text("contact_person_name", "registration:fields.contact_person_name", rules.contactName, {
    maxLength: rules.limits.contactNameMax,
  }),
  contactPhone: text("contact_person_phone", "registration:fields.contact_person_phone", rules.contactPhone, {
    input: { type: "tel" },
    maxLength: rules.limits.phoneInputMax,
    descriptionKey: "registration:hints.phone",
  }),
  /** Required for every kind: the server field is not optional and "Unknown" (9) is a choice. */
  bloodGroup: enumField(
    "blood_group",
    "bloodGroup",
    "registration:fields.blood_group",
    "validation:bloodGroupRequired",
  ),
  /** Required for every kind: the server field is not optional; "None" is an answer. */
  allergies: text("allergies", "registration:fields.allergies", rules.allergies, {
    input: { type: "textarea" },
    maxLength: rules.limits.allergiesMax,
    descriptionKey: "registration:hints.allergies",
    agentDescriptionKey: "registration:agentHints.allergies",
  }),
  payment: {
    ...enumField("paiement", "payment", "registration:fields.paiement", "validation:paymentRequired"),
    descriptionKey: "registration:hints.paiement",
    agentDescriptionKey: "registration:agentHints.paiement",
  },
  /** The one school (docs/spec.md §1: code 1) is preselected. */
  school: (name: SchoolName): FieldSpec => ({
    ...select(name, "school", "registration:fields.school", "validation:schoolRequired"),
    defaultValue: SCHOOL_ID,
  }),
  /** A kind naming the faculty otherwise (teachers: "Faculty or establishment") says it in its message too. */
  faculty: (
    school: SchoolName,
    labelKey: I18nKey = "registration:fields.faculty",
    requiredKey: ValidationKey = "validation:facultyRequired",
  ): FieldSpec => select("faculty", "faculty", labelKey, requiredKey, [school]),
  cycle: (school: SchoolName): FieldSpec =>
    select("cycle", "cycle", "registration:fields.cycle", "validation:cycleRequired", [school, "faculty"]),
  filiere: (school: SchoolName): FieldSpec =>
    select("filiere", "filiere", "registration:fields.filiere", "validation:filiereRequired", [
      school,
      "faculty",
      "cycle",
    ]),
  /** Level: required only when levels exist for the school and cycle (rules.ts `level`). */
  niveau: (school: SchoolName): FieldSpec => ({
    ...select("niveau", "niveau", "registration:fields.niveau", "validation:levelRequired", [school, "cycle"]),
    validate: rules.level,
  }),
  department: select("department", "department", "registration:fields.department", "validation:departmentRequired"),
  fonction: select("fonction", "fonction", "registration:fields.fonction", "validation:functionRequired"),
  /** The functions of one card: staff never see the teacher card's (a lecturer takes the teacher card). */
  fonctionOf: (card: KindId): FieldSpec => ({
    ...fieldSpecs.fonction,
    input: { type: "select", list: "fonction", card },
  }),
  grade: select("grade", "grade", "registration:fields.grade", "validation:gradeRequired"),
  service: select("service", "service", "registration:fields.service", "validation:serviceRequired"),
} as const;

/** Emergency information, identical for every kind (docs/spec.md §2). */
export const emergencyFields: readonly FieldSpec[] = [
  fieldSpecs.contactName,
  fieldSpecs.contactPhone,
  fieldSpecs.bloodGroup,
  fieldSpecs.allergies,
];

/** Personal information of staff and teachers (docs/spec.md §2), and an optional photo as students have (docs/assumptions.md). */
export const employeePersonalFields: readonly FieldSpec[] = [
  fieldSpecs.lastname,
  fieldSpecs.firstname,
  fieldSpecs.birthPlace,
  fieldSpecs.birthAt,
  fieldSpecs.gender,
  fieldSpecs.nid,
  fieldSpecs.email,
  fieldSpecs.phone,
  fieldSpecs.photo,
];

/** The review step, common to all kinds: three acceptances (docs/spec.md §2). */
export const reviewStep: ReviewSpec = {
  id: "review",
  titleKey: "registration:steps.review",
  acceptances: [
    { id: "read", labelKey: "registration:acceptances.read" },
    { id: "accept", labelKey: "registration:acceptances.accept" },
    { id: "termsOfUse", labelKey: "registration:acceptances.termsOfUse" },
  ],
};

/** Title keys of steps and sections, by id. */
export const stepTitleKey = (id: StepId | SectionId | "review"): I18nKey => `registration:steps.${id}`;

/** Builds a kind's form from its data steps and sections; the review step is added here. */
export const defineKindForm = (form: {
  readonly steps: ReadonlyArray<{ readonly id: StepId; readonly fields: readonly FieldSpec[] }>;
  readonly sections: ReadonlyArray<{ readonly id: SectionId; readonly fields: readonly FieldSpec[] }>;
}): KindForm => ({
  steps: form.steps.map((step) => ({ ...step, titleKey: stepTitleKey(step.id) })),
  review: reviewStep,
  sections: form.sections.map((section) => ({ ...section, titleKey: stepTitleKey(section.id) })),
});

/**
 * Staff and teachers share the form's shape (docs/spec.md §2): professional, personal and emergency steps, shown in the
 * same sections on the validation screen. Only the professional fields differ.
 */
export const employeeForm = (professional: readonly FieldSpec[]): KindForm => {
  const parts = [
    { id: "professional", fields: professional },
    { id: "personal", fields: employeePersonalFields },
    { id: "emergency", fields: emergencyFields },
  ] as const;
  return defineKindForm({ steps: parts, sections: parts });
};

// ── Generic operations over specs ──────────────────────────────────────────────────────────────────────────

/** Every field of the wizard, in step order. */
export const formFields = (form: KindForm): readonly FieldSpec[] => form.steps.flatMap((step) => step.fields);

export const fieldByName = (form: KindForm, name: string): FieldSpec | undefined =>
  formFields(form).find((f) => f.name === name);

/** Index of the step holding `name`, or -1. */
export const stepOfField = (form: KindForm, name: string): number =>
  form.steps.findIndex((step) => step.fields.some((f) => f.name === name));

/** Values of a new form (the photo lives beside the values, in the wizard's `photo`). */
export const initialValues = (form: KindForm): FormValues =>
  Object.fromEntries(
    formFields(form)
      .filter((field) => field.input.type !== "photo")
      .map((field) => [
        field.name,
        field.defaultValue ?? (field.input.type === "select" || field.input.type === "enum" ? null : ""),
      ]),
  );

export interface ValidationEnv {
  readonly today?: Date;
  readonly referenceData?: ReferenceData | null;
}

/** Errors of `fields` for `values` (the photo read from `values.photo`); empty when all are valid. */
export const validateFields = (
  fields: readonly FieldSpec[],
  values: FormValues,
  env: ValidationEnv = {},
): FieldErrors => {
  const errors: Record<string, ValidationKey> = {};
  for (const field of fields) {
    // A cascading select cannot be filled while its parent is in error (it is disabled): report the parent only.
    if (field.dependsOn?.some((parent) => parent in errors)) continue;
    const error = field.validate(values[field.name], {
      values,
      today: env.today,
      referenceData: env.referenceData ?? null,
    });
    if (error) errors[field.name] = error;
  }
  return errors;
};

/** Errors of the review acceptances, keyed by acceptance id. */
export const validateAcceptances = (
  acceptances: readonly { readonly id: string }[],
  accepted: Readonly<Record<string, boolean>>,
): FieldErrors => {
  const errors: Record<string, ValidationKey> = {};
  for (const { id } of acceptances) {
    const error = rules.accepted(accepted[id]);
    if (error) errors[id] = error;
  }
  return errors;
};

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
