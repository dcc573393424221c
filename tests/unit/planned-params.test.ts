// The planned check of path parameters (src/server/http/planned-params.ts) answers exactly what zod answers for every
// input zod accepts, hands every input zod refuses back to zod (for its error), and leaves other schemas to zod.
import { z } from 'zod';
import { plannedParamsCheck } from '../../src/server/http/planned-params.js';
import { claimTokenParamSchema, giftPublicIdParamSchema } from '../../src/shared/schemas/claim.js';
import { giftIdParamSchema as adminGiftIdParamSchema } from '../../src/shared/schemas/admin.js';
import { giftIdParamSchema, tokenParamSchema } from '../../src/shared/schemas/manage.js';
import { recipientLinkTokenSchema } from '../../src/shared/schemas/recipient-rights.js';
import { togetherTokenParams } from '../../src/shared/schemas/together.js';

const token = 'A'.repeat(21) + '_-' + 'b9'.repeat(10);

/** Inputs of every kind: right, wrong pattern, wrong type, missing, extra keys, not an object. */
const inputs: unknown[] = [
  { token },
  { token: token.slice(1) },
  { token: `${token}!` },
  { token: 42 },
  { token: '' },
  {},
  { token, extra: 'x' },
  { giftId: 'g_abcdefghijklmnop' },
  { giftId: 'g_abcdefghijklmnopqrstuv' },
  { giftId: 'g_short' },
  { giftId: ['g_abcdefghijklmnopqrstuv'] },
  { id: '12' },
  null,
  'text',
];

describe('planned path parameter check', () => {
  const planned = {
    claimTokenParamSchema,
    giftPublicIdParamSchema,
    togetherTokenParams,
    tokenParamSchema,
    giftIdParamSchema,
  };

  it.each(Object.entries(planned))(
    '%s: accepts what zod accepts, with its value, and refuses what zod refuses',
    (_name, schema) => {
      const check = plannedParamsCheck(schema)!;
      expect(check).toBeTypeOf('function');
      let accepted = 0;
      for (const input of inputs) {
        const zod = schema.safeParse(input);
        const answer = check(input);
        if (zod.success) {
          accepted++;
          expect(answer).toEqual(zod.data);
        } else expect(answer).toBeUndefined();
      }
      expect(accepted).toBeGreaterThan(0);
    },
  );

  it('keeps only the schema keys, as zod does', () => {
    expect(plannedParamsCheck(claimTokenParamSchema)!({ token, extra: 'x' })).toEqual({ token });
  });

  it('tests a global pattern from its start every time', () => {
    const schema = z.object({ code: z.string().regex(/^[0-9]{4}$/g) });
    const check = plannedParamsCheck(schema)!;
    for (let i = 0; i < 3; i++) expect(check({ code: '1234' })).toEqual({ code: '1234' });
    expect(schema.safeParse({ code: '1234' }).success).toBe(true);
  });

  it('leaves every other schema to zod', () => {
    expect(plannedParamsCheck(recipientLinkTokenSchema)).toBeNull(); // a length check
    expect(plannedParamsCheck(adminGiftIdParamSchema)).toBeNull(); // a coerced number
    expect(plannedParamsCheck(z.object({ a: z.string().optional() }))).toBeNull();
    expect(plannedParamsCheck(z.object({ a: z.string().transform((s) => s.trim()) }))).toBeNull();
    expect(plannedParamsCheck(z.object({ a: z.string() }).catchall(z.string()))).toBeNull();
    expect(plannedParamsCheck(z.string())).toBeNull();
  });
});
