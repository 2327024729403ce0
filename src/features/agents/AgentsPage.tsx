import { useEffect, useRef, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { Agent } from "../../api";
import { messageKeyOf } from "../../api/messages";
import { agentsMachine } from "../../machines/agents";
import { useProvidedMachine } from "../../machines/implementations";
import { AlertDialog } from "../../ui/AlertDialog";
import { Button } from "../../ui/Button";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { SkippedRowsNotice } from "../lists/SkippedRowsNotice";
import { Spinner } from "../../ui/Spinner";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { NativeSearchField } from "../../ui/NativeSearchField";
import { cx, nativeFocusRing } from "../../ui/classes";
import { AddAgentDialog, type AgentsActor } from "./AddAgentDialog";
import { useCapability } from "../../app/runtime-context";
import { Link } from "../../ui/Link";
import { agentAdminMachine, isActive } from "../../machines/agent-admin";
import { StatusBadge } from "../lists/StatusBadge";
import { AgentAdminDialogs, type AgentAdminActor } from "./AgentAdminDialogs";
import { AgentAdminButtons } from "./AgentAdminButtons";

/** Search waits this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type ListStatus = "loading" | "ready" | "empty" | "failed";

const fullName = (agent: Agent) => [agent.first_name, agent.last_name].filter((part) => part.trim() !== "").join(" ");

/** Agent management (docs/spec.md §2, administrators only; the route guards it). */
export const AgentsPage = () => {
  const { t } = useTranslation();
  const actor: AgentsActor = useActorRef(useProvidedMachine(agentsMachine));
  const admin: AgentAdminActor = useActorRef(useProvidedMachine(agentAdminMachine));
  const agentAdminOn = useCapability("agent-admin");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [addOpen, setAddOpen] = useState(false);

  useEffect(() => {
    const added = actor.on("agentAdded", () => {
      toast.success(t("agent:added"));
      setAddOpen(false);
    });
    const deleted = actor.on("agentDeleted", () => {
      toast.success(t("agent:deleted"));
      // The row (and its Delete button, where focus would return) is gone: land on the page heading.
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
      }, 0);
    });
    const updated = admin.on("agentUpdated", ({ agent, action }) => {
      const said = action === "edit" ? "agent:updated" : action === "reset" ? "agent:resetDone" : null;
      toast.success(t(said ?? (isActive(agent) ? "agent:enabled" : "agent:disabled")));
      actor.send({ type: "REFRESH" });
    });
    return () => {
      added.unsubscribe();
      deleted.unsubscribe();
      updated.unsubscribe();
    };
  }, [actor, admin, t]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 ref={headingRef} tabIndex={-1} className={cx("text-2xl font-semibold text-fg", nativeFocusRing)}>
            {t("agent:title")}
          </h1>
          <p className="text-fg-muted">{t("agent:description")}</p>
        </div>
        <Button onPress={() => setAddOpen(true)}>{t("agent:add")}</Button>
      </header>
      <AgentList actor={actor} admin={agentAdminOn ? admin : null} />
      <AddAgentDialog actor={actor} isOpen={addOpen} onOpenChange={setAddOpen} />
      <DeleteAgentDialog actor={actor} />
      {agentAdminOn && <AgentAdminDialogs actor={admin} />}
    </div>
  );
};

/** Search by username (debounced) and the table, with loading, empty and failed states. */
const AgentList = ({ actor, admin }: { actor: AgentsActor; admin: AgentAdminActor | null }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const list = useSelector(actor, (s) => s.children.list);
  const status = useSelector(list, (s): ListStatus =>
    s === undefined
      ? "loading"
      : s.matches("failed")
        ? "failed"
        : s.matches("empty")
          ? "empty"
          : s.matches("ready")
            ? "ready"
            : "loading",
  );
  const agents = useSelector(list, (s) => s?.context.data?.results ?? null);
  const skipped = useSelector(list, (s) => s?.context.data?.skipped ?? 0);
  const error = useSelector(list, (s) => s?.context.error ?? null);
  const errorKey = error ? messageKeyOf(error) : null;

  useEffect(() => {
    const timer = setTimeout(() => actor.send({ type: "SET_QUERY", search: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, actor]);

  const rows = status === "empty" ? [] : (agents ?? []);
  // Extension `lifecycle`: each agent's activity, one link away.
  const lifecycleOn = useCapability("lifecycle");
  const showSpinner = status === "loading" && agents === null;

  return (
    <section aria-label={t("agent:listLabel")} aria-busy={status === "loading"} className="flex flex-col gap-4">
      <NativeSearchField
        label={t("agent:searchLabel")}
        value={search}
        onChange={setSearch}
        onSubmit={(value) => actor.send({ type: "SET_QUERY", search: value.trim() })}
        className="w-full sm:max-w-sm"
      />
      {status === "loading" && agents !== null && (
        <p role="status" className="sr-only">
          {t("agent:loading")}
        </p>
      )}
      {status === "failed" ? (
        <ErrorPanel
          message={t("agent:loadFailed")}
          detail={t(errorKey ?? "errors:generic")}
          onRetry={() => actor.send({ type: "RETRY" })}
        />
      ) : (
        <Table aria-label={t("agent:listLabel")}>
          <TableHeader>
            <Column>{t("agent:columns.username")}</Column>
            <Column>{t("agent:columns.name")}</Column>
            <Column>{t("agent:columns.email")}</Column>
            {/* relative: keeps the visually hidden text inside the table's scroll box on phones. */}
            <Column className="relative">
              <span className="sr-only">{t("agent:columns.actions")}</span>
            </Column>
          </TableHeader>
          <TableBody
            items={rows}
            emptyState={showSpinner ? <Spinner label={t("agent:loading")} className="mx-auto" /> : t("agent:empty")}
          >
            {(agent) => (
              <Row>
                <Cell rowHeader className="font-medium">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {agent.username}
                    {admin && !isActive(agent) && <StatusBadge tone="neutral">{t("agent:inactive")}</StatusBadge>}
                  </span>
                </Cell>
                <Cell>{fullName(agent) || <span className="text-fg-muted">—</span>}</Cell>
                <Cell>{agent.email || <span className="text-fg-muted">—</span>}</Cell>
                <Cell className="text-end">
                  {lifecycleOn && (
                    <Link
                      href={`/dashboard/activity?agent=${encodeURIComponent(agent.username)}`}
                      aria-label={t("agent:activityOf", { username: agent.username })}
                      className="me-3 text-sm"
                    >
                      {t("agent:activityLink")}
                    </Link>
                  )}
                  {admin && <AgentAdminButtons admin={admin} agent={agent} />}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t("agent:deleteNamed", { username: agent.username })}
                    onPress={() => actor.send({ type: "REQUEST_DELETE", agent })}
                  >
                    {t("common:actions.delete")}
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {status !== "failed" && <SkippedRowsNotice count={skipped} textKey="agent:skippedRows" />}
    </section>
  );
};

/** "Supprimer cet agent ?" (docs/spec.md §2): focus starts on Cancel; a failure stays in the dialog, Confirm retries. */
const DeleteAgentDialog = ({ actor }: { actor: AgentsActor }) => {
  const { t } = useTranslation();
  const open = useSelector(
    actor,
    (s) => s.matches({ remove: "confirming" }) || s.matches({ remove: "deleting" }) || s.matches({ remove: "failed" }),
  );
  const deleting = useSelector(actor, (s) => s.matches({ remove: "deleting" }));
  const target = useSelector(actor, (s) => s.context.target);
  const errorKey = useSelector(actor, (s) => (s.matches({ remove: "failed" }) ? s.context.deleteErrorKey : null));

  return (
    <AlertDialog
      isOpen={open}
      onOpenChange={(isOpen) => {
        // Ignored by the machine while deleting: the dialog stays until the answer comes.
        if (!isOpen) actor.send({ type: "CANCEL" });
      }}
      title={t("agent:deleteConfirm")}
      confirmLabel={t("common:actions.delete")}
      variant="destructive"
      isPending={deleting}
      onConfirm={() => actor.send({ type: "CONFIRM" })}
    >
      {target && <p>{t("agent:deleteDetail", { username: target.username })}</p>}
      {errorKey && (
        <p role="alert" className="mt-3 rounded-lg bg-error-bg p-3 text-error-fg">
          {t(errorKey)}
        </p>
      )}
    </AlertDialog>
  );
};
