// The line items every checkout shows: gift, processing fee, platform tip (the total is their sum).
import type { GiftTotals } from '../../../shared/money.js';
import type { CheckoutLine } from '../../payments/provider.js';

export const LINE_NAMES = { gift: 'Anonymous gift', fee: 'Processing fee', tip: 'Platform tip' } as const;

export function checkoutLines(totals: GiftTotals): CheckoutLine[] {
  return [
    { name: LINE_NAMES.gift, amountCents: totals.amount },
    { name: LINE_NAMES.fee, amountCents: totals.fee },
    { name: LINE_NAMES.tip, amountCents: totals.tip },
  ];
}
