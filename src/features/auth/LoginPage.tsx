import { useState, type FormEvent } from "react";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { messageKey } from "../../api/messages";
import { useRuntime } from "../../app/runtime-context";
import { useSessionActor } from "../../app/session-context";
import { Button, Link, TextField } from "../../ui";
import { PublicLayout } from "../layout/PublicLayout";
import { DemoAccounts } from "./DemoAccounts";

/** Sign-in page (spec §2): username, password, links to the terms and privacy pages. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const session = useSessionActor();
  const busy = useSelector(session, (s) => s.matches("authenticating") || s.matches("loadingProfile"));
  const error = useSelector(session, (s) => s.context.error);
  const expired = useSelector(session, (s) => s.context.endedBy === "unauthorized");
  const { demoAccounts } = useRuntime();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // Required-field messages appear once the user has tried to sign in, not while the page is still empty.
  const [tried, setTried] = useState(false);
  const usernameError = tried && username.trim() === "" ? t("auth:usernameRequired") : undefined;
  const passwordError = tried && password === "" ? t("auth:passwordRequired") : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (busy || username.trim() === "" || password === "") return;
    session.send({ type: "LOGIN", username: username.trim(), password });
  };

  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold text-fg">{t("auth:title")}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t("auth:subtitle")}</p>
          {expired && !error && (
            <p role="status" className="mt-4 rounded-lg bg-warning-bg p-3 text-sm text-warning-fg">
              {t("errors:unauthorized")}
            </p>
          )}
          {error && (
            <p role="alert" className="mt-4 rounded-lg bg-danger-bg p-3 text-sm text-danger-fg">
              {t(messageKey(error))}
            </p>
          )}
          <Form onSubmit={submit} className="mt-6 flex flex-col gap-4" validationBehavior="aria">
            <TextField
              name="username"
              label={t("auth:username")}
              autoComplete="username"
              isRequired
              value={username}
              onChange={setUsername}
              isInvalid={usernameError !== undefined}
              errorMessage={usernameError}
              autoFocus
            />
            <TextField
              name="password"
              type="password"
              label={t("auth:password")}
              autoComplete="current-password"
              isRequired
              value={password}
              onChange={setPassword}
              isInvalid={passwordError !== undefined}
              errorMessage={passwordError}
            />
            <Button type="submit" isPending={busy} className="mt-2 w-full">
              {busy ? t("auth:signingIn") : t("auth:signIn")}
            </Button>
          </Form>
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
