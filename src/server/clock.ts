/** Time is injected so expiry, lockouts and sessions can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-15T12:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  /** Moves the clock to a later time. Never backwards: the product, like real time, may rely on that. */
  set(to: Date | string): void {
    const next = new Date(to).getTime();
    if (!(next >= this.current))
      throw new Error(
        `ManualClock moves forward only: ${new Date(to).toISOString()} is before ${this.now().toISOString()}`,
      );
    this.current = next;
  }
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`ManualClock moves forward only: cannot advance by ${ms} ms`);
    this.current += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
