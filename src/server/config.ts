// Configuration from the environment: one zod schema, one clear line naming a bad variable, typed access.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { defaultKeyPrefix } from './services/ledger/accounts.js';
import { SUPPORT_EMAIL_PUBLIC } from '../shared/constants.js';
import { JOB_NAMES, type JobName } from './jobs/names.js';
import {
  checkObservabilityEnv,
  observabilityConfig,
  observabilityEnv,
  type ObservabilityConfig,
} from './observability/config.js';

/** A person sends a few gifts at a time; a script starting checkouts by the hundred is refused. */
export const GIFT_STARTS_PER_CLIENT_DEFAULT = 20;
export const GIFT_START_WINDOW_MS = 10 * 60_000;
/** Security answers one client address may have checked, across all gifts, per hour (decision 012). */
export const CLAIM_ATTEMPTS_PER_CLIENT_DEFAULT = 30;
/** Claims (right or wrong answer) one client address may start, across all gifts, per hour. */
export const CLAIM_STARTS_PER_CLIENT_DEFAULT = 20;
export const CLAIM_ATTEMPT_WINDOW_MS = 60 * 60_000;
/** Codes one client address may check at /verify per hour: 40-bit codes, so this, not the code, stops guessing. */
export const VERIFY_LOOKUPS_PER_CLIENT_DEFAULT = 20;
export const VERIFY_LOOKUP_WINDOW_MS = 60 * 60_000;
/** The risk rules' defaults (decision 024, docs/risk.md): an honest sender almost never meets them. */
export const RISK_DEFAULTS = {
  velocityGifts: 3,
  velocityCents: 50_000,
  velocityWindowHours: 24,
  sameClientClaimHours: 24,
  largeGiftCents: 100_000,
  largeGiftPayoutWaitHours: 72,
  failedPaymentsPerHour: 5,
} as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LISTEN_FD: z.coerce.number().int().min(3).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://hushgift.example' }).optional(),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    PROVIDER_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,60}$/, 'must be 1-60 letters, digits, dots, dashes or underscores')
      .optional(),
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Hushgift <no-reply@hushgift.app>'),
    SUPPORT_EMAIL: z.email().default(SUPPORT_EMAIL_PUBLIC),
    TRUST_PROXY: z.string().default('false'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JOBS_ENABLED: bool.default(true),
    JOBS_PAUSED: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(JOB_NAMES, { error: `must list job names from: ${JOB_NAMES.join(', ')}` })))
      .default([]),
    EXPIRY_INTERVAL_MINUTES: z.coerce.number().positive().default(10),
    OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
    DELIVERY_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    RECONCILE_AFTER_SECONDS: z.coerce.number().positive().default(120),
    MONEY_ATTENTION_AFTER_MINUTES: z.coerce.number().positive().default(120),
    GIFT_STARTS_PER_CLIENT: z.coerce.number().int().positive().default(GIFT_STARTS_PER_CLIENT_DEFAULT),
    CLAIM_ATTEMPTS_PER_CLIENT: z.coerce.number().int().positive().default(CLAIM_ATTEMPTS_PER_CLIENT_DEFAULT),
    CLAIM_STARTS_PER_CLIENT: z.coerce.number().int().positive().default(CLAIM_STARTS_PER_CLIENT_DEFAULT),
    VERIFY_LOOKUPS_PER_CLIENT: z.coerce.number().int().positive().default(VERIFY_LOOKUPS_PER_CLIENT_DEFAULT),
    RISK_VELOCITY_GIFTS: z.coerce.number().int().positive().default(RISK_DEFAULTS.velocityGifts),
    RISK_VELOCITY_CENTS: z.coerce.number().int().positive().default(RISK_DEFAULTS.velocityCents),
    RISK_SAME_CLIENT_CLAIM_HOURS: z.coerce.number().min(0).default(RISK_DEFAULTS.sameClientClaimHours),
    RISK_LARGE_GIFT_CENTS: z.coerce.number().int().positive().default(RISK_DEFAULTS.largeGiftCents),
    RISK_FAILED_PAYMENTS_PER_HOUR: z.coerce.number().int().positive().default(RISK_DEFAULTS.failedPaymentsPerHour),
    RISK_LARGE_GIFT_WAIT_HOURS: z.coerce.number().min(0).default(RISK_DEFAULTS.largeGiftPayoutWaitHours),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(25),
    DIGEST_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_SETUP_CODE: z.string().trim().min(12, 'must be at least 12 characters').optional(),
    ADMIN_TOTP_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
    ...observabilityEnv,
  })
  .superRefine((env, ctx) => {
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    if (env.PAYMENT_PROVIDER === 'stripe') {
      need('STRIPE_SECRET_KEY', 'when PAYMENT_PROVIDER=stripe');
      need('STRIPE_WEBHOOK_SECRET', 'when PAYMENT_PROVIDER=stripe');
      // Without SMTP the dev mailbox would hold every real claim and sign-in link (decision 012).
      need('SMTP_URL', 'when PAYMENT_PROVIDER=stripe (real claim links must not go to the dev mailbox)');
    }
    if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_SECONDS'],
        message: 'must not exceed REQUEST_TIMEOUT_SECONDS',
      });
    checkObservabilityEnv(env, ctx);
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must be stripe in production (the sandbox moves no real money)',
      });
    if (countsAsProduction(env)) {
      need('SMTP_URL', 'in production (the dev mailbox is not for real e-mail)');
      need('PUBLIC_URL', 'in production, which a real payment provider always is (links in e-mails point there)');
      need('DIGEST_SECRET', 'in production (the key of the digests that stand in for e-mail addresses)');
    }
    // A real provider means real money: operators need a second factor, and its secrets a key kept out of backups.
    if (countsAsProduction(env))
      need('ADMIN_TOTP_KEY', "in production (it encrypts the admins' second-factor secrets)");
  });

export type Env = z.infer<typeof schema>;

/**
 * Production is NODE_ENV=production or any real payment provider, whatever NODE_ENV says: a server started without
 * NODE_ENV but moving real money must not get development behaviour (no setup code, fault injection, the dev
 * mailbox, sandbox pages), which belongs to the sandbox provider alone.
 */
function countsAsProduction(env: { NODE_ENV?: string; PAYMENT_PROVIDER?: string }): boolean {
  return env.NODE_ENV === 'production' || (env.PAYMENT_PROVIDER ?? 'sandbox') !== 'sandbox';
}

/** Development behaviour is allowed: the sandbox provider, outside production (see countsAsProduction). */
export const isDevelopment = (config: Pick<Config, 'isProduction' | 'paymentProvider'>): boolean =>
  !config.isProduction && config.paymentProvider === 'sandbox';

export interface Config {
  env: Env['NODE_ENV'];
  /** NODE_ENV=production, or a real payment provider whatever NODE_ENV says (countsAsProduction). */
  isProduction: boolean;
  port: number;
  host: string;
  /**
   * An inherited socket, already bound and listening, to serve on instead of PORT (LISTEN_FD; socket activation):
   * whoever started the process chose and holds the port, so nothing can take it in between.
   */
  listenFd?: number;
  dataDir: string;
  databaseUrl?: string;
  databasePoolMax: number;
  publicUrl: string;
  paymentProvider: Env['PAYMENT_PROVIDER'];
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Signing secret of the Connect webhook endpoint (account and transfer events of connected accounts). */
  stripeConnectWebhookSecret?: string;
  /** Starts every idempotency key sent to the provider, so environments sharing one provider account never collide. */
  providerKeyPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /** Cookies get Secure when the public URL is https. */
  secureCookies: boolean;
  /** Fastify trustProxy: false, true (trust every hop), or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string[];
  logLevel: Env['LOG_LEVEL'];
  jobsEnabled: boolean;
  /**
   * Jobs this instance does not run on its schedule (JOBS_PAUSED), e.g. `expiry` while an operator refunds by hand
   * during an incident; the admin's buttons still run them.
   */
  jobsPaused: JobName[];
  expiryIntervalMs: number;
  outboxIntervalMs: number;
  /** How often scheduled gifts whose time has come are delivered. */
  deliveryIntervalMs: number;
  /** A transfer or refund in flight this long without being recorded is treated as interrupted and reconciled. */
  reconcileAfterMs: number;
  /** A transfer or refund failing (and retried) this long also puts its gift on the admin attention list. */
  moneyAttentionAfterMs: number;
  /** Gifts one client address may start (checkout sessions, answer hashes) per GIFT_START_WINDOW_MS. */
  giftStartsPerClient: number;
  /** Wrong security answers one client address may give, across all gifts, per CLAIM_ATTEMPT_WINDOW_MS. */
  claimAttemptsPerClient: number;
  /** Claim starts (right or wrong answer) one client address may make, across all gifts, per CLAIM_ATTEMPT_WINDOW_MS. */
  claimStartsPerClient: number;
  /** Verification codes one client address may check at /verify per VERIFY_LOOKUP_WINDOW_MS. */
  verifyLookupsPerClient: number;
  /** The risk rules (services/risk/rules.ts; decision 024). */
  risk: RiskConfig;
  /**
   * Key of the HMACs that stand in for personal data where a lookup is needed (crypto.ts keyedDigest); never stored
   * in the database. DIGEST_SECRET; in development, when unset, made up once and kept in DATA_DIR (bootstrap.ts).
   */
  digestSecret?: string;
  /** Time a client has to send a request's headers, and the whole request (slow clients are cut off; http/timeouts.ts). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /**
   * Production only: the one-time code /admin/setup asks for while no admin exists (ADMIN_SETUP_CODE, or a random
   * one printed in the log at start), so the first visitor cannot become the owner (decision 012).
   */
  adminSetupCode?: string;
  /** The code was made up at start (so it must be printed); false when it came from ADMIN_SETUP_CODE. */
  adminSetupCodeGenerated: boolean;
  /**
   * Encrypts the admins' TOTP secrets at rest (ADMIN_TOTP_KEY). Unset only with the sandbox provider outside
   * production: bootstrap.ts then uses a key generated once into DATA_DIR (services/admin/dev-totp-key.ts).
   */
  totpKey?: string;
  /** Admins must enrol a second factor and give it at every login: any real provider, or production. */
  secondFactorRequired: boolean;
  /** Directory of the built client; absent in API tests. */
  clientDir?: string;
  /** Metrics listener, load shedding, job stall limit, gauge refresh (observability/config.ts). */
  observability: ObservabilityConfig;
}

export interface RiskConfig {
  /** Per payer identity over velocityWindowMs: up to this many gifts pass, a gift beyond is held. */
  velocityGifts: number;
  /** Per payer identity over velocityWindowMs: up to this total (cents) passes, a gift beyond is held. */
  velocityCents: number;
  velocityWindowMs: number;
  /** A claim from the payment's client address within this long is held as self-gifting (0: off). */
  sameClientClaimMs: number;
  /** A gift of this amount (cents) or more asks 3-D Secure at checkout and waits largeGiftWaitMs to be paid out. */
  largeGiftCents: number;
  largeGiftWaitMs: number;
  /** Declined payments one client address (or payer e-mail, or card) may have in an hour before checkouts are refused. */
  failedPaymentsPerHour: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const shown = name in input && !/SECRET|KEY|URL/.test(name) ? ` (got "${input[name]}")` : '';
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const production = countsAsProduction(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: production,
    port: env.PORT,
    host: env.HOST,
    listenFd: env.LISTEN_FD,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    publicUrl,
    paymentProvider: env.PAYMENT_PROVIDER,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
    providerKeyPrefix: env.PROVIDER_KEY_PREFIX ?? defaultKeyPrefix(publicUrl),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    jobsEnabled: env.JOBS_ENABLED,
    jobsPaused: env.JOBS_PAUSED,
    expiryIntervalMs: env.EXPIRY_INTERVAL_MINUTES * 60_000,
    outboxIntervalMs: env.OUTBOX_INTERVAL_MS,
    deliveryIntervalMs: env.DELIVERY_INTERVAL_MS,
    reconcileAfterMs: env.RECONCILE_AFTER_SECONDS * 1000,
    moneyAttentionAfterMs: env.MONEY_ATTENTION_AFTER_MINUTES * 60_000,
    giftStartsPerClient: env.GIFT_STARTS_PER_CLIENT,
    claimAttemptsPerClient: env.CLAIM_ATTEMPTS_PER_CLIENT,
    claimStartsPerClient: env.CLAIM_STARTS_PER_CLIENT,
    verifyLookupsPerClient: env.VERIFY_LOOKUPS_PER_CLIENT,
    risk: {
      velocityGifts: env.RISK_VELOCITY_GIFTS,
      velocityCents: env.RISK_VELOCITY_CENTS,
      velocityWindowMs: RISK_DEFAULTS.velocityWindowHours * 3_600_000,
      sameClientClaimMs: env.RISK_SAME_CLIENT_CLAIM_HOURS * 3_600_000,
      largeGiftCents: env.RISK_LARGE_GIFT_CENTS,
      largeGiftWaitMs: env.RISK_LARGE_GIFT_WAIT_HOURS * 3_600_000,
      failedPaymentsPerHour: env.RISK_FAILED_PAYMENTS_PER_HOUR,
    },
    digestSecret: env.DIGEST_SECRET,
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    adminSetupCode: production ? (env.ADMIN_SETUP_CODE ?? randomBytes(12).toString('base64url')) : undefined,
    adminSetupCodeGenerated: production && !env.ADMIN_SETUP_CODE,
    totpKey: env.ADMIN_TOTP_KEY,
    secondFactorRequired: production,
    observability: observabilityConfig(env),
  };
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'false' || value === '0' || value === '') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The digest key of test configurations: random per process, like a real one. */
const TEST_DIGEST_SECRET = randomBytes(32).toString('base64url');

/** A complete config for tests and tools, with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests start many gifts and answer many claims from one address; each limit has its own test with a low value.
  const env = {
    NODE_ENV: 'test',
    PORT: '3000',
    JOBS_ENABLED: 'false',
    GIFT_STARTS_PER_CLIENT: '100000',
    CLAIM_ATTEMPTS_PER_CLIENT: '100000',
    CLAIM_STARTS_PER_CLIENT: '100000',
    VERIFY_LOOKUPS_PER_CLIENT: '100000',
    // Every test pays and claims from one address; the risk tests set their own limits.
    RISK_VELOCITY_GIFTS: '100000',
    RISK_VELOCITY_CENTS: '1000000000',
    RISK_SAME_CLIENT_CLAIM_HOURS: '0',
    RISK_LARGE_GIFT_WAIT_HOURS: '0',
    RISK_FAILED_PAYMENTS_PER_HOUR: '100000',
    // An in-process PGlite blocks the event loop while it works, so on a busy machine shedding would fail tests
    // at random; the load-shedding tests turn it on with their own thresholds.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_HEAP_USED_MB: '0',
    ADMIN_TOTP_KEY: 'test-only key for the admins second factor, 32+ chars',
  };
  return { ...loadConfig(env), digestSecret: TEST_DIGEST_SECRET, ...overrides };
}
