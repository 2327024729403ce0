/**
 * Every provider state the contracts use, written for people. A state is a template whose `{placeholders}` are
 * filled from its parameters; the pact keeps both the readable name and the parameters, so a provider can set
 * the state up from either. The demo backend's setups live in scripts/lib/provider-states.ts; the real backend
 * team implements the same list (docs/api-contract.md).
 */
export const stateTemplates = {
  userWithPassword: 'a user "{username}" exists with password "{password}"',
  noUser: 'no user "{username}" exists',
  gatewayDown: "the gateway in front of the API answers 502 Bad Gateway to sign-in",
  adminSignedIn: 'an admin with id {id} ("{username}") is signed in with token {token}',
  agentSignedIn: 'an agent with id {id} ("{username}") is signed in with token {token}',
  noSession: "no session exists for token {token}",
  agentNamed: 'an agent "{username}" exists',
  agentWithId: "an agent with id {id} exists",
  referenceLists: "the institution reference lists are filled",
  cardsOfEveryKind: "cards of every kind exist",
  pendingDemand: "a pending {kind} demand with id {id} exists",
  pendingDemandWithRegister: "a pending {kind} demand with register {register} exists",
  noDemandWithRegister: "no {kind} demand with register {register} exists",
  pendingTwoPages: "pending {kind} demands fill exactly two pages",
  validatedDemand: "exactly one {kind} demand is validated",
  demandsReceivedOn: "the only {kind} demands were received at noon in Douala on {before}, {older} and {newer}",
  cardsIssuedOn: "the only {kind} cards were issued at noon in Douala on {before} and {day}",
  rejectedDemand: "a {kind} demand with id {id} was rejected ({status}, reason {reason}, comment {comment})",
  trackablePending: "a pending {kind} demand has code {code} and register {register}",
  trackableRejected:
    "a {kind} demand with code {code} and register {register} was rejected ({status}, reason {reason}, comment {comment})",
  correctionAsked:
    "a {kind} demand with code {code} and register {register} waits for the applicant to correct {fields}",
  mistakeReportable: "a {kind} demand with code {code} and register {register} exists",
  trackablePrinted: "the {kind} demand with code {code} and register {register} has a printed card",
  digitalCardHolder:
    "the {kind} demand with code {code}, register {register} and birth date {birth_at} has an active card",
  digitalCardOpenedOn:
    "the holder of a {kind} card first opened its digital card at noon in Douala on {day}, and nobody did anything else that day",
  digitalCardIssued:
    "a {kind} card with id {id} exists, whose digital card was first opened at {issued} and last refreshed at {refreshed}",
  card: "a {kind} card with id {id} exists",
  suspendedCard: "a {kind} card with id {id} exists, suspended as lost",
  replacedCard: "a {kind} card with id {id} exists, replaced by a newer card",
  expiredCard: "a {kind} card with id {id} exists, past its validity end",
  renewalDemand: "a pending {kind} demand with id {id} renews the expired {kind} card {card}",
  renewalCard: "a {kind} card with id {id} was issued from a demand renewing the {kind} card {card}",
  activityOn:
    'the admin "{username}" validated, printed and suspended a {kind} card on {day}, and nobody did anything else that day',
  onlyCardOf: "exactly one {kind} card of {filter} {value} exists",
  cardOf: "a {kind} card of {filter} {value} exists",
  cardWithToken: "a {kind} card with check token {token} exists",
  noCardWithToken: "no {kind} card has check token {token}",
  signedQrKey: "the issuer signs QR codes with the P-256 key whose kid is {kid}",
  withdrawnCard: "a withdrawn {kind} card exists",
} as const;

export type StateId = keyof typeof stateTemplates;
export type StateParams = Readonly<Record<string, string | number>>;

export interface ProviderState {
  readonly name: string;
  readonly params: StateParams;
}

/** Fills a template; a missing parameter is a programming error. */
export const stateName = (template: string, params: StateParams): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`state "${template}": no value for {${key}}`);
    return String(value);
  });

export const state = (id: StateId, params: StateParams = {}): ProviderState => ({
  name: stateName(stateTemplates[id], params),
  params,
});

const patternOf = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+?")}$`,
  );

/** Which template a state name was built from (the provider side reads names back with this); exactly one or an error. */
export const templateOf = (name: string): StateId => {
  const found = (Object.entries(stateTemplates) as [StateId, string][]).filter(([, template]) =>
    patternOf(template).test(name),
  );
  if (found.length !== 1) {
    throw new Error(
      `provider state "${name}" ${found.length === 0 ? "matches no template" : `is ambiguous (${found.map(([id]) => id).join(", ")})`} in scripts/lib/provider-state-templates.ts`,
    );
  }
  return found[0]![0];
};
