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

/** "1234.50" (wire) → "$1,234.50"; "-5.00" → "-$5.00". */
export function formatDollars(decimal: string): string {
  const negative = decimal.startsWith('-');
  const cents = parseMoney(negative ? decimal.slice(1) : decimal);
  return cents === null ? decimal : formatUsd(negative ? -cents : cents);
}

/** How long something has waited: "just now", "45 min", "3 h 5 min", "2 days 4 h". */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const unit = days === 1 ? 'day' : 'days';
  return hours % 24 ? `${days} ${unit} ${hours % 24} h` : `${days} ${unit}`;
}
