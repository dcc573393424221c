// Donor wire constants without zod, so the sign-in page can name them without loading the schemas (its form loads
// them on first interaction, src/client/lib/lazy-zod-resolver.ts). donor.ts re-exports them.

export const SIGN_IN_NEUTRAL_MESSAGE = "If an account exists, we've sent a sign-in link";
