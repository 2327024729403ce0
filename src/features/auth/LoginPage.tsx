import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors";
import { messageKeyOf } from "../../api/messages";
import { useRuntime } from "../../app/runtime-context";
import { ensureSession, useOptionalSession, useSessionValue } from "../../session";
import { Link } from "../../ui/Link";
import { NativeButton } from "../../ui/NativeButton";
import { NativeTextField } from "../../ui/NativeTextField";
import { PublicLayout } from "../layout/PublicLayout";
import { DemoAccounts } from "./DemoAccounts";

/**
 * Sign-in page (docs/spec.md §2): username, password, links to the terms and privacy pages. It renders from the light
 * shell; the session statechart and the API client load with the first attempt (or earlier, when a stored
 * session had to be checked).
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const session = useOptionalSession();
  const working = useSessionValue(session, (s) => s.matches("authenticating") || s.matches("loadingProfile"), false);
  const error = useSessionValue(session, (s) => s.context.error, null);
  const expired = useSessionValue(session, (s) => s.context.endedBy === "unauthorized", false);
  const { demoAccounts } = useRuntime();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // While the session machinery itself is loading for a first attempt.
  const [starting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  // Required-field messages appear once the user has tried to sign in, not while the page is still empty.
  const [tried, setTried] = useState(false);
  const usernameError = tried && username.trim() === "" ? t("auth:usernameRequired") : undefined;
  const passwordError = tried && password === "" ? t("auth:passwordRequired") : undefined;
  const busy = working || starting;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (busy || username.trim() === "" || password === "") return;
    setStarting(true);
    setStartFailed(false);
    try {
      const actor = session ?? (await ensureSession());
      actor.send({ type: "LOGIN", username: username.trim(), password });
    } catch {
      // The session code could not be downloaded (offline, new deployment): say so, keep what was typed.
      setStartFailed(true);
    } finally {
      setStarting(false);
    }
  };

  const alert = startFailed ? t("errors:chunkLoad") : error ? t(messageKeyOf(error)) : null;
  // A refused user name or password makes both fields invalid, described by the refusal (which says neither which).
  const alertId = useId();
  const refusedBy = !startFailed && isApiError(error) && error.kind === "notValid" ? alertId : undefined;

  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold text-fg">{t("auth:title")}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t("auth:subtitle")}</p>
          {expired && !alert && (
            <p role="status" className="mt-4 rounded-lg bg-warning-bg p-3 text-sm text-warning-fg">
              {t("errors:unauthorized")}
            </p>
          )}
          {alert && (
            <p id={alertId} role="alert" className="mt-4 rounded-lg bg-danger-bg p-3 text-sm text-danger-fg">
              {alert}
            </p>
          )}
          <form onSubmit={(event) => void submit(event)} className="mt-6 flex flex-col gap-4" noValidate>
            <NativeTextField
              name="username"
              label={t("auth:username")}
              autoComplete="username"
              required
              value={username}
              onChange={setUsername}
              errorMessage={usernameError}
              invalidBy={refusedBy}
              autoFocus
            />
            <NativeTextField
              name="password"
              type="password"
              label={t("auth:password")}
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
              errorMessage={passwordError}
              invalidBy={refusedBy}
            />
            <NativeButton type="submit" aria-disabled={busy || undefined} className="mt-2 w-full">
              {busy ? t("auth:signingIn") : t("auth:signIn")}
            </NativeButton>
          </form>
          <p className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
            <Link href="/terms/student">{t("auth:terms")}</Link>
            <Link href="/privacy">{t("auth:privacy")}</Link>
          </p>
        </div>
        {demoAccounts.length > 0 && <DemoAccounts accounts={demoAccounts} />}
      </div>
    </PublicLayout>
  );
};
