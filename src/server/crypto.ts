// Secrets: random tokens (stored only as SHA-256), argon2id for passwords and security answers.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** OWASP minimum for argon2id: m=19 MiB, t=2, p=1. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A keyed digest (HMAC-SHA256) for lookup keys derived from personal data, such as an e-mail address: unlike a plain
 * digest, nobody holding the database without DIGEST_SECRET can test a guessed address against it. `purpose`
 * separates the uses, so one digest never matches another's.
 */
export function keyedDigest(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex');
}

/** 32 random bytes, base64url: claim tokens, session ids, sign-in tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A token and the only form of it we store. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256(token) };
}

/** Public gift ids for URLs and the status poll: random, never the serial id. */
export function newPublicId(): string {
  return `g_${randomBytes(12).toString('base64url')}`;
}

/**
 * Each argon2 call holds 19 MiB while it runs, on one of libuv's four threads (from the mimalloc @node-rs/argon2
 * bundles, which returns it when the hash ends). More calls at once than there are cores finish no sooner, but each
 * adds its 19 MiB to the peak resident memory (docs/benchmarks.md, "Memory under mixed load"). So at most one per core.
 */
const argon2Slots = pLimit(availableParallelism());

export async function hashSecret(plain: string): Promise<string> {
  return argon2Slots(() => argonHash(plain, ARGON2_OPTIONS));
}

export async function verifySecret(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2Slots(() => argonVerify(hash, plain));
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret(randomToken(16));
  return dummyHash;
}

/** Security answers compare after normalising: trim, collapse inner spaces, lower-case. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
