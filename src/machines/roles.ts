/** Roles come from the profile's group names (docs/spec.md §6); only administrators manage agents. */
export const isAdmin = (user: { readonly roles: readonly string[] } | null): boolean =>
  user?.roles.includes("Admin") ?? false;
