// FAQ with a category filter and an accordion where several answers can be open at once.
// Each question is a native disclosure (<details>/<summary>): it opens with a click, Enter or Space before the
// page's scripts have arrived, and without them. The filter needs its script: its buttons are disabled (and look it)
// until the page is hydrated, then filter the list; an answer opened meanwhile stays open.
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { FAQ, FAQ_CATEGORIES, type FaqCategory } from './faq-data';

type Filter = 'All' | FaqCategory;
const FILTERS: Filter[] = ['All', ...FAQ_CATEGORIES];

export function FaqList() {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState<Filter>('All');
  const shown = filter === 'All' ? FAQ : FAQ.filter((f) => f.category === filter);

  return (
    <div>
      <div role="group" aria-label="Filter questions by category" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            disabled={!hydrated}
            onClick={() => setFilter(f)}
            className={cn(
              'rounded-full border px-4 py-2 text-sm font-medium transition-colors disabled:cursor-wait disabled:opacity-60',
              filter === f
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
            )}
          >
            {f}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown.length} questions shown
      </p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {shown.map((entry) => (
          <li key={entry.id}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                <h2 className="text-base">{entry.question}</h2>
                <span
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-brand-700 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <div className="px-5 pb-5 text-slate-700">
                <p>{entry.answer}</p>
                <p className="mt-2 text-xs font-medium uppercase tracking-wide text-slate-600">{entry.category}</p>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
