// Building blocks for every API schema. Messages are sentences a person can act on.
import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from '../constants.js';
import { parseMoney } from '../money.js';

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text field: trimmed; empty becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = (label = 'Email') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(EMAIL_MAX, `${label} is too long`)
    .pipe(z.email({ error: `Please enter a valid email address` }));

/** Letters (any script) joined by spaces, hyphens, apostrophes and dots: "Mary-Jane", "O’Brien", "J. R.". */
const NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*\.?$/u;
/** "evil.example", "www.x": a dot with two letters right after it reads as a domain, and mail clients link it. */
const DOMAIN_LIKE = /\.[\p{L}]{2,}/u;

/**
 * A person's name, validated as a name: names reach e-mails sent under our brand, so no URLs, digits or markup
 * (decision 012).
 */
export const personName = (label: string) =>
  requiredText(label, NAME_MAX).refine((v) => NAME_PATTERN.test(v) && !DOMAIN_LIKE.test(v), {
    message: `${label} can contain only letters, spaces, hyphens, apostrophes and dots (no links or symbols)`,
  });

/** A wire amount: decimal string with at most two places; parsed to cents. */
export const moneyString = (label: string) =>
  z.string({ error: `${label} must be a decimal string such as "52.80"` }).transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a non-negative amount with at most two decimals` });
      return z.NEVER;
    }
    return cents;
  });

/** A list's page in a query string: 1 when absent, 50 rows a page wherever it is used. */
export const pageNumber = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(10_000, 'page must be at most 10000')
  .optional()
  .default(1);

export const messageSchema = z.object({ message: z.string() });
export type ApiMessage = z.infer<typeof messageSchema>;
