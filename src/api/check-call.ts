/** The check call's body (docs/spec.md §7: {tokenCard}); the token travels in the body, never in the URL. No imports: the entry sends it early (api/early-call.ts). */
export const checkCardBody = (token: string): { readonly tokenCard: string } => ({
  tokenCard: encodeURIComponent(token),
});
