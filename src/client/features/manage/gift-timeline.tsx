import type { TimelineEntry } from '../../../shared/schemas/manage';
import { EVENT_LABEL, dateTime } from './wording';

export function GiftTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline-heading" className="mt-8">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
        {entries.map((e, i) => (
          <li key={`${e.event}-${i}`} data-event={e.event}>
            <p className="font-medium text-slate-900">
              {EVENT_LABEL[e.event]}
              {e.detail ? <span className="break-all font-normal text-slate-700"> · {e.detail}</span> : null}
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={e.at}>{dateTime(e.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
