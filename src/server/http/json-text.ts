// A string as JSON text, for the hand-written JSON of the hot paths (the request line in http/logging.ts, the
// planned serializer in http/plain-serializer.ts): most of their strings need no escaping, and JSON.stringify is a
// call into the runtime for each.

/** Text JSON can hold between quotes as it is: printable ASCII without a quote or a backslash. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * Below this length the characters are checked in a loop: a regular expression's test costs ≈ 500 instructions
 * before its first character, more than a loop over a name or an amount (docs/benchmarks.md, "Session 18").
 */
const LOOP_BELOW = 64;

function plainShort(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** `text` as JSON.stringify writes it. */
export const jsonString = (text: string): string =>
  (text.length < LOOP_BELOW ? plainShort(text) : PLAIN_JSON_TEXT.test(text)) ? `"${text}"` : JSON.stringify(text);
