// How the donor pages show dates, money and names.
import { formatUsd, parseMoney } from '../../../shared/money';
import type { DonorGift } from '../../../shared/schemas/donor';

/** "Jan 15, 2026" */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "January 15, 2026" */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** A wire amount "50.00" as "$50.00". */
export const usd = (amount: string) => formatUsd(parseMoney(amount) ?? 0);

/** Recipient names are erased after the retention period; the gift stays in the history. */
export const recipientName = (gift: Pick<DonorGift, 'recipientFirstName' | 'recipientLastName'>) =>
  [gift.recipientFirstName, gift.recipientLastName].filter(Boolean).join(' ') || 'Recipient (details removed)';
