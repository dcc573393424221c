// Dashboard formatting: en-US short dates with hour and minute; dollars with two decimals.
import { parseMoney, formatUsd } from '../../../shared/money';

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Jan 15, 2026, 12:00 PM"; a dash when there is no date. */
export function formatDateTime(iso: string | null): string {
  return iso ? DATE_TIME.format(new Date(iso)) : '—';
}

/** "1234.50" (wire) → "$1,234.50". */
export function formatDollars(decimal: string): string {
  const cents = parseMoney(decimal);
  return cents === null ? decimal : formatUsd(cents);
}
