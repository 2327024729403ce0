/** The demo's sign-in accounts: the page shows them on the login screen without loading the demo backend. */
export const DEMO_PASSWORDS = { admin: "Admin@2026", agent: "Agent@2026" } as const;

/** The demo sign-in accounts (shown on the login page in demo mode); changing a password does not update this. */
export const demoAccounts: ReadonlyArray<{
  readonly username: string;
  readonly password: string;
  readonly role: string;
}> = [
  { username: "admin", password: DEMO_PASSWORDS.admin, role: "Admin" },
  { username: "agent", password: DEMO_PASSWORDS.agent, role: "Agent" },
];
