// Property-based fuzzing of every API route (fast-check): generated bodies, parameters and headers never get a
// 5xx, and a rejected request (4xx) changes nothing in the database. Each run prints its seed; a failure prints
// seed and path. Replay one run: FUZZ_SEED=<seed> npx vitest run --project api tests/api/fuzz.test.ts, and one
// counterexample: add FUZZ_PATH=<path>. FUZZ_RUNS sets the number of runs (200).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { givenGift } from '../helpers/gifts.js';

const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Math.random() * 2 ** 31) | 0;
const FUZZ_PATH = process.env.FUZZ_PATH || undefined;

// Business tables a rejected request must not touch. (Attempt counters and the security log record rejections
// on purpose, and provider events are stored before handling.)
const GUARDED_TABLES = [
  'gifts',
  'donors',
  'admins',
  'sessions',
  'contact_messages',
  'outbox',
  'recipient_accounts',
  'donor_login_tokens',
  'sandbox_checkouts',
  'sandbox_accounts',
  'sandbox_transfers',
  'sandbox_refunds',
];

async function snapshot(ctx: TestContext): Promise<string> {
  const parts: string[] = [];
  for (const table of GUARDED_TABLES) {
    const result = await ctx.db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`),
    );
    parts.push(String((result as unknown as { rows: Array<{ h: string }> }).rows[0]!.h));
  }
  return parts.join(',');
}

interface Operation {
  method: string;
  path: string;
}

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'null',
    'undefined',
    '../../etc/passwd',
    '%00',
    '%',
    "' or 1=1 --",
    '<script>',
    '😀'.repeat(20),
    'a'.repeat(5000),
  ),
  fc.integer().map(String),
);

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'amount',
      'tip',
      'email',
      'password',
      'firstName',
      'lastName',
      'securityAnswer',
      'token',
      'name',
      'subject',
      'message',
      'category',
      'recipientEmail',
      'totalPaid',
      'processingFee',
      'recipientGets',
      'q',
      'status',
    ),
    fc.oneof(
      weirdString,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    ),
  ),
);

const bodyArb = fc.oneof(
  jsonValue.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'text/plain' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/x-www-form-urlencoded' })),
  fc.constant({ payload: '', type: 'application/json' }),
  fc.constant({ payload: undefined as string | undefined, type: undefined as string | undefined }),
);

const headerArb = fc.record({
  cookie: fc.option(
    fc.oneof(
      weirdString.map((s) => `hg_admin=${encodeURIComponent(s)}`),
      weirdString.map((s) => `hg_donor=${encodeURIComponent(s)}`),
    ),
    { nil: undefined },
  ),
  origin: fc.option(fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null'), { nil: undefined }),
  'x-forwarded-for': fc.option(fc.ipV4(), { nil: undefined }),
  'stripe-signature': fc.option(weirdString, { nil: undefined }),
});

describeEachEngine('fuzzing every API route', (ctx) => {
  let operations: Operation[] = [];
  let realToken = '';
  let realPublicId = '';

  beforeAll(async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    // Real identifiers too, so fuzzing reaches past the "not found" branch.
    const { gift, claimToken } = await givenGift(ctx(), { securityAnswer: 'Rex' });
    realToken = claimToken;
    realPublicId = gift.publicId;
  });

  it('finds the routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(operations).toContainEqual({ method: 'GET', path: '/api/health' });
  });

  it('never answers 5xx, and a rejected request changes nothing', async () => {
    process.stdout.write(`fuzz [${ctx().engine}] seed ${FUZZ_SEED}: replay with FUZZ_SEED=${FUZZ_SEED}\n`);
    const paramArb = fc.oneof(weirdString, fc.constant(realToken), fc.constant(realPublicId), fc.constant('1'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.array(paramArb, { minLength: 3, maxLength: 3 }),
        bodyArb,
        headerArb,
        fc.dictionary(fc.constantFrom('q', 'status', 'page', 'to', 'gift_id', 'token'), weirdString, { maxKeys: 3 }),
        async (op, params, body, headers, query) => {
          let i = 0;
          const url = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++ % params.length]!));
          const before = await snapshot(ctx());
          const res = await ctx().app.inject({
            method: op.method as 'GET',
            url,
            query,
            headers: Object.fromEntries(
              Object.entries({ ...headers, 'content-type': body.type }).filter(([, v]) => v !== undefined),
            ) as Record<string, string>,
            payload: op.method === 'GET' ? undefined : body.payload,
          });
          expect(res.statusCode, `${op.method} ${url} → ${res.statusCode} ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json().message, `${op.method} ${url}`).toEqual(expect.any(String));
            expect(await snapshot(ctx()), `${op.method} ${url} was rejected but changed the database`).toBe(before);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200), seed: FUZZ_SEED, path: FUZZ_PATH, endOnFailure: true },
    );
  }, 600_000);
});
