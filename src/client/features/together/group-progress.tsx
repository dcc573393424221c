// What everyone holding the share link may see of a group gift: the count and, with a goal, progress in 10% steps.
import type { SharePage } from '../../../shared/schemas/together';
import { useHydrated } from '../../lib/use-hydrated';

export function GroupProgress({ page }: { page: Pick<SharePage, 'contributions' | 'goalProgressPercent'> }) {
  const count = `${page.contributions} contribution${page.contributions === 1 ? '' : 's'} so far`;
  return (
    <div className="mt-6">
      <p className="font-medium text-slate-900" data-testid="contribution-count">
        {count}
      </p>
      {page.goalProgressPercent !== null ? (
        <div className="mt-3">
          <p id="goal-label" className="text-sm text-slate-700">
            About {page.goalProgressPercent}% of the goal (rounded to the nearest 10%)
          </p>
          <div
            role="progressbar"
            aria-labelledby="goal-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={page.goalProgressPercent}
            className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700" style={{ width: `${page.goalProgressPercent}%` }} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export const STATE_TEXT = {
  open: 'Open for contributions',
  sent: 'Sent',
  closed: 'Closed without contributions',
} as const;

export const longDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** The same moment in UTC, written the same way by the server and by any browser. */
const utcDate = (iso: string) => {
  const d = new Date(iso);
  const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}, ${time} UTC`;
};

/**
 * A date in the reader's own time zone. A page the server renders (the share page) has no time zone to go by: it
 * says UTC until it is hydrated, so the hydrating render matches the server's HTML, then the browser's local time.
 */
export function LongDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? longDate(iso) : utcDate(iso)}</time>;
}
