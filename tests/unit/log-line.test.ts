// The request line is written as text (src/server/http/log-format.ts): its strings and numbers must read back as JSON
// exactly as JSON.stringify would have written them.
import { milliseconds } from '../../src/server/http/log-format.js';
import { genReqId, requestIdOf } from '../../src/server/http/request-id.js';
import { jsonString } from '../../src/server/http/json-text.js';

describe("the request line's fields", () => {
  it.each([
    '/api/gifts/claim/[redacted]',
    '/api/admin/gifts/42?[redacted]',
    'a "quoted" path',
    'back\\slash',
    'tab\there',
    'line\nbreak',
    'ünïcödé/路径',
    '\u0000\u001f\u007f',
    '',
    // Short strings are checked in a loop, long ones by a pattern: both sides of the line, with and without escapes.
    '~'.repeat(63),
    '~'.repeat(62) + '\u007f',
    'a'.repeat(64),
    'a'.repeat(200) + '"',
    'lone \ud800 surrogate',
    'é'.repeat(70),
  ])('writes %j as JSON.stringify does', (text) => {
    expect(JSON.parse(jsonString(text))).toBe(text);
    expect(jsonString(text)).toBe(JSON.stringify(text));
  });

  it.each([
    [0, '0.000', 0],
    [0.0004, '0.000', 0],
    [0.0005, '0.001', 0.001],
    [1.2345678, '1.235', 1.235],
    [12.3, '12.300', 12.3],
    [999.9996, '1000.000', 1000],
    [123456.789, '123456.789', 123456.789],
  ])('writes %d ms as %s', (value, text, read) => {
    expect(milliseconds(value)).toBe(text);
    expect(JSON.parse(milliseconds(value))).toBe(read);
  });

  it('writes what integers cannot hold as the number itself', () => {
    for (const value of [-1, 3e9, Number.NaN]) expect(milliseconds(value)).toBe(String(value));
  });
});

describe('request ids', () => {
  it("are numbers on the request's path, UUID-shaped in the log, and never repeat", () => {
    const numbers = Array.from({ length: 10_000 }, () => genReqId());
    for (const n of numbers) expect(Number.isInteger(n)).toBe(true);
    const ids = numbers.map((n) => requestIdOf(n) as string);
    for (const id of ids.slice(0, 3))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
