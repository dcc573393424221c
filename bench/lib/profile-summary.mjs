// Summarises a V8 CPU profile (node --cpu-prof) of a server under load: self time grouped by what the code is
// (logging, Fastify, validation and serialization, cookies, the database driver, node's HTTP and sockets, ...),
// and the functions with the most self time. Run: node bench/lib/profile-summary.mjs <file.cpuprofile> [top]
// [from-s] [to-s] (only the samples between those seconds after the profile's start: the load, not the start-up).
import { readFileSync } from 'node:fs';

const CATEGORIES = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['V8 / native (program)', (f) => f.functionName === '(program)'],
  [
    'node: socket writes and reads (native)',
    (f) =>
      !f.url &&
      /^(writev|writeBuffer|writeString|writeUtf8String|writeLatin1String|read|onStreamRead)$/.test(f.functionName),
  ],
  [
    'logging: pino, redaction, serializers, sonic-boom',
    (f) => /pino|sonic-boom|fast-redact|safe-stable-stringify|quick-format/.test(f.url) || /logging\.js/.test(f.url),
  ],
  ['cookie parsing (@fastify/cookie)', (f) => /@fastify\/cookie|\/cookie\//.test(f.url)],
  [
    'validation and serialization (zod, type provider, fast-json-stringify)',
    (f) => /\/zod\/|fastify-type-provider-zod|fast-json-stringify|ajv/.test(f.url),
  ],
  ['rate limit / metrics / helmet', (f) => /rate-limit|prom-client|helmet|under-pressure/.test(f.url)],
  [
    'Fastify core (routing, hooks, reply)',
    (f) => /\/fastify\/|find-my-way|avvio|light-my-request|fast-querystring|@fastify\//.test(f.url),
  ],
  ['ORM (drizzle)', (f) => /drizzle-orm/.test(f.url)],
  ['database driver (pg, pg-pool, pg-protocol)', (f) => /\/pg\/|pg-pool|pg-protocol|pg-types|postgres-/.test(f.url)],
  ['the app (dist/node/server, shared)', (f) => /dist\/node\//.test(f.url)],
  ['node: http server', (f) => /node:_http|node:internal\/http|_http_/.test(f.url)],
  ['node: net, streams, timers, crypto', (f) => /^node:/.test(f.url)],
  ['other', () => true],
];

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
const from = Number(process.argv[4] ?? 0) * 1e6;
const to = Number(process.argv[5] ?? Infinity) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const samples = new Map();
let at = 0;
let total = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  if (at < from || at > to) return;
  samples.set(id, (samples.get(id) ?? 0) + 1);
  total++;
});
const micros = Math.min(to, profile.endTime - profile.startTime) - from;
const category = new Map();
const fn = new Map();
for (const [id, count] of samples) {
  const f = byId.get(id).callFrame;
  const name = CATEGORIES.find(([, test]) => test(f))[0];
  category.set(name, (category.get(name) ?? 0) + count);
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${f.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + count);
}
// Inclusive time of the steps a request goes through (a sample counts once for a step when any of the step's
// functions is on its stack): what the request pays for each, callees included.
const STEPS = [
  [
    'onRequest hooks (security headers, cookies, no-store)',
    /^(fastifyCookieHandler|onRequestHookRunner)$|security\.js|claims\.js/,
  ],
  ['request id and child logger', /^(createChildLogger|defaultChildLoggerFactory|genReqId|child)$/],
  ['the request log line', /^(requestCompleted|incomingRequest)$/],
  ['validation (params)', /^(validate|validateParam)$|validatorCompiler|contracts\.js/],
  ['serialization (response schema)', /^(serialize|serializeError)$|createSerializerCompiler/],
  ['the handler: lookupClaim (hash, drizzle, pool)', /^lookupClaim$/],
  ['the query in the driver (pg, pg-pool)', /pg-pool|\/pg\/lib/],
  ['writing the answer (headers, body, socket)', /^onSendEnd$/],
  ['the scheduled jobs', /jobs\/runner\.js|outbox\.js/],
];
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stepCount = new Map();
for (const [id, count] of samples) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const f = byId.get(at).callFrame;
    for (const [name, re] of STEPS) if (re.test(f.functionName) || re.test(f.url)) seen.add(name);
  }
  for (const name of seen) stepCount.set(name, (stepCount.get(name) ?? 0) + count);
}

const pct = (n) => `${((n / total) * 100).toFixed(1)} %`;
console.log(`${file}: ${total} samples over ${(micros / 1e6).toFixed(1)} s`);
console.table([...category].sort((a, b) => b[1] - a[1]).map(([what, n]) => ({ what, share: pct(n) })));
const busy = total - (category.get('idle') ?? 0);
console.log('inclusive time of each step, in % of the busy (not idle) samples:');
console.table(STEPS.map(([what]) => ({ what, share: `${(((stepCount.get(what) ?? 0) / busy) * 100).toFixed(1)} %` })));
console.table(
  [...fn]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([what, n]) => ({ function: what, self: pct(n) })),
);
