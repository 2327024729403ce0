import { useTranslation } from "react-i18next";
import type { Runtime } from "../../app/runtime-context";

/** Demo mode only: the accounts a trainer can sign in with. */
export const DemoAccounts = ({ accounts }: { accounts: Runtime["demoAccounts"] }) => {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="demo-accounts"
      className="rounded-2xl border border-dashed border-accent bg-accent-bg p-4 text-sm text-fg"
    >
      <h2 id="demo-accounts" className="font-semibold">
        {t("auth:demoTitle")}
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {accounts.map((account) => (
          <li key={account.username}>
            {t("auth:demoAccount", { role: account.role, username: account.username, password: account.password })}
          </li>
        ))}
      </ul>
    </section>
  );
};
