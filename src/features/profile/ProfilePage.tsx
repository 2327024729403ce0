import { useId, useState, type ReactNode } from "react";
import { useActorRef } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../session";
import { useProvidedMachine } from "../../machines/implementations";
import { passwordMachine } from "../../machines/password";
import type { SessionUser } from "../../machines/session";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { PasswordDialog } from "./PasswordDialog";

/** Profile (docs/spec.md §2): e-mail, username, roles with what they allow, and Update Password. */
export const ProfilePage = () => {
  const user = useUser();
  // The dashboard route guarantees a user; render nothing during the instant a sign-out clears it.
  if (!user) return null;
  return <Profile user={user} />;
};

const Profile = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation();
  const accountId = useId();
  const securityId = useId();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const password = useActorRef(useProvidedMachine(passwordMachine), {
    input: { userId: user.id, username: user.username },
  });
  const name = [user.firstName, user.lastName].filter((part) => part.trim() !== "").join(" ");

  const item = (label: string, value: ReactNode) => (
    <div className="flex flex-col gap-1 border-b border-border py-3 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-fg-muted sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{value}</dd>
    </div>
  );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-fg">{t("profile:title")}</h1>
        <p className="text-fg-muted">{t("profile:description")}</p>
      </header>

      <Card>
        <section aria-labelledby={accountId} className="flex flex-col gap-2">
          <h2 id={accountId} className="text-lg font-semibold text-fg">
            {t("profile:account")}
          </h2>
          <dl>
            {name && item(t("profile:fullName"), name)}
            {item(t("profile:email"), user.email || <span className="text-fg-muted">—</span>)}
            {item(t("profile:username"), user.username)}
            {item(
              t("profile:roles"),
              user.roles.length === 0 ? (
                <span className="text-fg-muted">{t("profile:noRole")}</span>
              ) : (
                <ul className="flex flex-col gap-2">
                  {user.roles.map((role) => {
                    const description = t(`profile:roleDescriptions.${role}`, { defaultValue: "" });
                    return (
                      <li key={role} className="flex flex-col gap-0.5">
                        <span className="w-fit rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-semibold text-fg">
                          {role}
                        </span>
                        {description && <span className="text-sm text-fg-muted">{description}</span>}
                      </li>
                    );
                  })}
                </ul>
              ),
            )}
          </dl>
        </section>
      </Card>

      <Card>
        <section aria-labelledby={securityId} className="flex flex-col gap-3">
          <h2 id={securityId} className="text-lg font-semibold text-fg">
            {t("profile:security")}
          </h2>
          <p className="text-sm text-fg-muted">{t("profile:securityDescription")}</p>
          <div>
            <Button onPress={() => setPasswordOpen(true)}>{t("profile:updatePassword")}</Button>
          </div>
        </section>
      </Card>

      <PasswordDialog actor={password} isOpen={passwordOpen} onOpenChange={setPasswordOpen} />
    </div>
  );
};
