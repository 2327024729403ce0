import { assign, emit, fromPromise, setup } from "xstate";
import { isApiError, login, logout, updatePassword } from "../api";
import { messageKeyOf } from "../api/messages";
import {
  emptyPasswordForm,
  passwordFormErrors,
  type PasswordErrors,
  type PasswordField,
  type PasswordForm,
} from "../forms/password";

/**
 * The profile's Update Password dialog (docs/spec.md §2, §5, §7).
 *
 *   editing → updating.verifying → updating.saving → updated ("Password updated successfully!")
 *                    └───────────────────┴──────────→ failed  ("Failed to update password")
 *
 * The API sets a password with PUT /base/api/v1/appuser/{id}/ {password} and never sees the current one, so
 * the machine first re-authenticates with login(username, current) (`verifyCurrent`): a wrong current password
 * fails before anything changes, and shows under the current-password field. The token that login answers is
 * signed out at once (best effort), so the check leaves no second session alive; the session keeps its own. SUBMIT is ignored while updating: one click, one change.
 */

export interface PasswordInput {
  /** The signed-in user's id (profile id) and username. */
  readonly userId: number;
  readonly username: string;
}

export interface PasswordContext {
  readonly userId: number;
  readonly username: string;
  readonly values: PasswordForm;
  readonly fieldErrors: PasswordErrors;
  /** Once SUBMIT was refused, errors follow every change; before that the form stays quiet. */
  readonly showErrors: boolean;
  /** The server refused the current password; cleared when the user changes it. */
  readonly currentRejected: boolean;
  readonly error: unknown;
  /** "errors:passwordFailed" (or a more precise message: network, server…); null unless failed. */
  readonly errorKey: string | null;
}

export type PasswordEvent =
  | { readonly type: "CHANGE"; readonly field: PasswordField; readonly value: string }
  | { readonly type: "SUBMIT" }
  /** Dialog closed or reopened: back to an empty form. */
  | { readonly type: "RESET" };

export type PasswordEmitted =
  | { readonly type: "passwordUpdated" }
  | { readonly type: "passwordFailed"; readonly messageKey: string };

/** i18n key shown under the current-password field when re-authentication refuses it. */
export const CURRENT_PASSWORD_WRONG = "validation:currentPasswordWrong";

/** The rules' errors plus the server's refusal of the current password. */
export const passwordErrors = (context: Pick<PasswordContext, "values" | "currentRejected">): PasswordErrors => {
  const errors = passwordFormErrors(context.values);
  return context.currentRejected && !errors.current ? { ...errors, current: CURRENT_PASSWORD_WRONG } : errors;
};

/** Re-authentication refused the password (login answers 401: NotValid, or a 401 without detail). */
const refusedCredentials = (error: unknown): boolean =>
  isApiError(error) && (error.kind === "notValid" || error.status === 401);

const cleared = {
  values: emptyPasswordForm,
  fieldErrors: {},
  showErrors: false,
  currentRejected: false,
  error: null,
  errorKey: null,
};

const passwordSetup = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as PasswordInput,
    emitted: {} as PasswordEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    /** Checks the current password; the token it answers is signed out again (a failure there changes nothing). */
    verifyCurrent: fromPromise<unknown, { readonly username: string; readonly password: string }>(async ({ input }) => {
      const { access } = await login(input.username, input.password);
      await logout(access).catch(() => undefined);
    }),
    updatePassword: fromPromise<unknown, { readonly id: number; readonly password: string }>(({ input }) =>
      updatePassword(input.id, input.password),
    ),
  },
  guards: {
    formInvalid: ({ context }) => Object.keys(passwordFormErrors(context.values)).length > 0,
    currentRefused: (_, { error }: { readonly error: unknown }) => refusedCredentials(error),
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== "CHANGE") return {};
      const values = { ...context.values, [event.field]: event.value };
      const currentRejected = context.currentRejected && event.field !== "current";
      return {
        values,
        currentRejected,
        fieldErrors: context.showErrors ? passwordErrors({ values, currentRejected }) : {},
      };
    }),
    refuse: assign({ showErrors: true, fieldErrors: ({ context }) => passwordErrors(context) }),
  },
});

/** editing and failed both take changes and SUBMIT (failed keeps what was typed so the user can retry). */
const editable = passwordSetup.createStateConfig({
  on: {
    CHANGE: { target: "editing", actions: "change" },
    SUBMIT: [
      { guard: "formInvalid", target: "editing", actions: "refuse" },
      { target: "updating", actions: assign({ fieldErrors: {}, error: null, errorKey: null }) },
    ],
    RESET: { target: "editing", actions: assign(cleared) },
  },
});

export const passwordMachine = passwordSetup.createMachine({
  id: "password",
  context: ({ input }) => ({ userId: input.userId, username: input.username, ...cleared }),
  initial: "editing",
  states: {
    editing: editable,
    updating: {
      // No SUBMIT here: a double submit sends once.
      initial: "verifying",
      states: {
        verifying: {
          invoke: {
            src: "verifyCurrent",
            input: ({ context }) => ({ username: context.username, password: context.values.current }),
            onDone: { target: "saving" },
            onError: [
              {
                guard: { type: "currentRefused", params: ({ event }) => ({ error: event.error }) },
                target: "#password.failed",
                actions: assign({
                  error: ({ event }) => event.error,
                  errorKey: "errors:passwordFailed",
                  currentRejected: true,
                  showErrors: true,
                  fieldErrors: ({ context }) => ({
                    ...passwordFormErrors(context.values),
                    current: CURRENT_PASSWORD_WRONG,
                  }),
                }),
              },
              {
                target: "#password.failed",
                actions: assign({
                  error: ({ event }) => event.error,
                  errorKey: ({ event }) => messageKeyOf(event.error),
                }),
              },
            ],
          },
        },
        saving: {
          invoke: {
            src: "updatePassword",
            input: ({ context }) => ({ id: context.userId, password: context.values.password }),
            onDone: { target: "#password.updated" },
            onError: {
              target: "#password.failed",
              actions: assign({
                error: ({ event }) => event.error,
                errorKey: ({ event }) => messageKeyOf(event.error),
              }),
            },
          },
        },
      },
    },
    updated: {
      // Passwords never linger in memory once changed.
      entry: [assign(cleared), emit({ type: "passwordUpdated" as const })],
      on: { RESET: { target: "editing" } },
    },
    failed: {
      entry: emit(({ context }) => ({
        type: "passwordFailed" as const,
        messageKey: context.errorKey ?? "errors:passwordFailed",
      })),
      ...editable,
    },
  },
});
