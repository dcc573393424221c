// A string as JSON text, for the hand-written JSON of the hot paths (the request line in http/logging.ts, the
// planned serializer in http/plain-serializer.ts): most of their strings need no escaping, and JSON.stringify is a
// call into the runtime for each.

/** Text JSON can hold between quotes as it is: printable ASCII without a quote or a backslash. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `text` as JSON.stringify writes it. */
export const jsonString = (text: string): string => (PLAIN_JSON_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));
