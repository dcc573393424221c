// Money is integer cents inside; decimal strings with two places on the wire ("52.80").
import { FEE_FIXED_CENTS, FEE_PERCENT, MAX_CHARGE_CENTS, MAX_GIFT_CENTS } from './constants.js';

export type Cents = number;

const DECIMAL = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** Parses a wire decimal string ("52.8", "52.80") into cents; null when it is not a plain non-negative amount with at most two decimals. */
export function parseMoney(value: string): Cents | null {
  const s = value.trim();
  if (!DECIMAL.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Dollars as a JS number (client draft, form inputs) to cents, rounding away float noise. */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) return 0;
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** Cents to the wire format: "52.80". */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents for people: "$1,052.80". */
export function formatUsd(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fee = 5% of the gift rounded half-up to the cent, plus 30 cents. Integer arithmetic only. */
export function feeCents(amountCents: Cents): Cents {
  return Math.floor((amountCents * FEE_PERCENT + 50) / 100) + FEE_FIXED_CENTS;
}

export interface GiftTotals {
  amount: Cents;
  fee: Cents;
  tip: Cents;
  total: Cents;
  recipientGets: Cents;
}

/** Every figure of a gift from its amount and tip; the recipient gets the full amount. */
export function giftTotals(amountCents: Cents, tipCents: Cents): GiftTotals {
  const fee = feeCents(amountCents);
  return { amount: amountCents, fee, tip: tipCents, total: amountCents + fee + tipCents, recipientGets: amountCents };
}

/** Why a gift has a maximum at all, in the words the amount step, the server and the FAQ use. */
export const MAX_GIFT_MESSAGE =
  `The maximum gift is ${formatUsd(MAX_GIFT_CENTS)}: with the fee and tip it must fit in one card payment of at most ` +
  `${formatUsd(MAX_CHARGE_CENTS)}.`;

/** The five figures of a payload as wire strings, from amount and tip in cents (the one fee rule). */
export function wireFigures(amountCents: number, tipCents: number) {
  const t = giftTotals(amountCents, tipCents);
  return {
    amount: formatCents(t.amount),
    processingFee: formatCents(t.fee),
    tip: formatCents(t.tip),
    totalPaid: formatCents(t.total),
    recipientGets: formatCents(t.recipientGets),
  };
}
