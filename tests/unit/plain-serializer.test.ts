// The planned serializer (src/server/http/plain-serializer.ts) writes exactly what zod's serializer writes for every
// answer that fits its schema, and lets zod refuse every one that does not: a wrong type never leaves the server.
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainFields, plainSerializer } from '../../src/server/http/plain-serializer.js';
import { claimLookupSchema } from '../../src/shared/schemas/claim.js';
import { apiErrorSchema } from '../../src/shared/schemas/error.js';

const viaZod = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;
const both = (schema: z.ZodType) => ({ zod: viaZod(schema), planned: plainSerializer(schema, viaZod(schema)) });

const everyKind = z.object({
  text: z.string().describe('described'),
  flag: z.boolean(),
  count: z.number(),
  colour: z.enum(['red', 'green']),
  kind: z.literal('gift'),
  maybe: z.string().nullable(),
  later: z.number().optional(),
  either: z.boolean().nullable().optional(),
});

describe('planned serializer', () => {
  it('plans the flat answers of the API and leaves every other shape to zod', () => {
    expect(plainFields(claimLookupSchema)?.map((f) => f.key)).toEqual([
      'recipientFirstName',
      'amount',
      'personalNote',
      'hasSecurityQuestion',
      'securityQuestion',
    ]);
    expect(plainFields(apiErrorSchema)).not.toBeNull();
    expect(plainFields(everyKind)).toHaveLength(8);
    const notPlain = [
      z.object({ email: z.string().email() }),
      z.object({ n: z.number().int() }),
      z.object({ nested: z.object({ a: z.string() }) }),
      z.object({ list: z.array(z.string()) }),
      z.object({ at: z.date() }),
      z.object({ t: z.string().transform((s) => s.length) }),
      z.object({ a: z.string() }).strict(),
      z.object({ a: z.string() }).passthrough(),
      z.array(z.string()),
      z.string(),
    ];
    for (const schema of notPlain) {
      const zod = viaZod(schema);
      expect(plainSerializer(schema, zod)).toBe(zod);
    }
  });

  it('writes byte for byte what zod writes, fields in schema order, unknown fields dropped', () => {
    const { zod, planned } = both(everyKind);
    const answers = [
      { text: 'a "quoted" \u2028 line\nbreak ✓', flag: true, count: -0, colour: 'red', kind: 'gift', maybe: null },
      {
        kind: 'gift',
        colour: 'green',
        maybe: 'x',
        count: 1.5e300,
        flag: false,
        text: '',
        later: 7,
        either: null,
        secret: 'never written',
      },
      { text: 't', flag: false, count: 0, colour: 'red', kind: 'gift', maybe: '', later: undefined, either: true },
    ];
    for (const answer of answers) expect(planned(answer)).toBe(zod(answer));
    const claim = both(claimLookupSchema);
    const lookup = {
      recipientFirstName: 'Rita',
      amount: '50.00',
      personalNote: null,
      hasSecurityQuestion: true,
      securityQuestion: 'Where did we meet?',
      senderEmail: 'must-not-leave@example.com',
    };
    expect(claim.planned(lookup)).toBe(claim.zod(lookup));
    expect(claim.planned(lookup)).not.toContain('must-not-leave');
  });

  it('refuses, through zod, every answer that does not fit', () => {
    const { planned } = both(everyKind);
    const good = { text: 't', flag: true, count: 1, colour: 'red', kind: 'gift', maybe: null };
    const wrong = [
      { ...good, text: 5 },
      { ...good, flag: 'true' },
      { ...good, count: Number.NaN },
      { ...good, count: Infinity },
      { ...good, count: '1' },
      { ...good, colour: 'blue' },
      { ...good, kind: 'other' },
      { ...good, maybe: undefined },
      { ...good, later: null },
      { ...good, either: 'yes' },
      { text: 't' },
      null,
      'a string',
    ];
    for (const answer of wrong)
      expect(() => planned(answer), JSON.stringify(answer)).toThrow(/doesn't match the schema/);
    const errors = both(apiErrorSchema);
    expect(() => errors.planned({ code: 'NOT_A_CODE', message: 'x' })).toThrow(/doesn't match the schema/);
    expect(errors.planned({ code: 'GIFT_NOT_FOUND', message: 'Gone.' })).toBe(
      '{"code":"GIFT_NOT_FOUND","message":"Gone."}',
    );
  });
});
