// What the claim flow keeps in this browser tab's session: the claim link per gift (so the verification page can
// link to "Continue account setup") and the amount for the success page. The proof that the recipient answered
// the question is the claim session's HttpOnly cookie, which no script reads.
const tokenKey = (giftId: string) => `hushgift.claim.${giftId}`;
const SUCCESS_KEY = 'hushgift.claimSuccess';
const THANK_YOU_KEY = 'hushgift.claimThankYou';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // Storage can be unavailable (privacy modes); the flow still works without it.
  }
}

export const rememberClaimToken = (giftId: string, token: string) =>
  safe(() => sessionStorage.setItem(tokenKey(giftId), token), undefined);
export const claimTokenFor = (giftId: string) => safe(() => sessionStorage.getItem(tokenKey(giftId)), null);

export const rememberClaimedAmount = (amount: string) =>
  safe(() => sessionStorage.setItem(SUCCESS_KEY, amount), undefined);
export const claimedAmount = () => safe(() => sessionStorage.getItem(SUCCESS_KEY), null);

/** The claim link of the gift just claimed: the success page sends the thank-you note with it. */
export const rememberThankYouToken = (token: string) =>
  safe(() => sessionStorage.setItem(THANK_YOU_KEY, token), undefined);
export const thankYouToken = () => safe(() => sessionStorage.getItem(THANK_YOU_KEY), null);
