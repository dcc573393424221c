// Scheduled delivery dates (decision 016): a calendar day in the sender's time zone, delivered at 09:00 there.
// Plain Intl, no time zone library: the offset at that moment is read back from Intl and applied.
import { DELIVERY_HOUR, DELIVERY_MAX_DAYS_AHEAD } from './constants.js';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** "2026-03-04": the calendar day of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day `days` after a "YYYY-MM-DD" day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** 09:00 on `day` in `timeZone`, as an instant. */
export function deliveryInstant(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, DELIVERY_HOUR);
  // Two passes settle the offset when 09:00 lies near a daylight-saving change.
  let instant = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** Why a delivery day cannot be chosen, or null: today up to DELIVERY_MAX_DAYS_AHEAD days ahead, in the zone. */
export function deliveryDayProblem(day: string, timeZone: string, now: Date): string | null {
  if (!DATE_PATTERN.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return 'Choose a delivery date';
  const today = dayIn(now, timeZone);
  const last = addDays(today, DELIVERY_MAX_DAYS_AHEAD);
  if (day < today) return 'The delivery date cannot be in the past';
  if (day > last) return `The delivery date can be at most ${DELIVERY_MAX_DAYS_AHEAD} days ahead`;
  return null;
}
