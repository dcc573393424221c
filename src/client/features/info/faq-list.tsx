// FAQ with a category filter and an accordion where several answers can be open at once.
// Native buttons give keyboard use (Tab, Enter, Space); aria-expanded / aria-controls tie each to its answer.
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { FAQ, FAQ_CATEGORIES, type FaqCategory } from './faq-data';

type Filter = 'All' | FaqCategory;
const FILTERS: Filter[] = ['All', ...FAQ_CATEGORIES];

export function FaqList() {
  const baseId = useId();
  const [filter, setFilter] = useState<Filter>('All');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const shown = filter === 'All' ? FAQ : FAQ.filter((f) => f.category === filter);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <div role="group" aria-label="Filter questions by category" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={cn(
              'rounded-full border px-4 py-2 text-sm font-medium transition-colors',
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
        {shown.map((entry) => {
          const isOpen = open.has(entry.id);
          const buttonId = `${baseId}-q-${entry.id}`;
          const panelId = `${baseId}-a-${entry.id}`;
          return (
            <li key={entry.id}>
              <h2 className="text-base">
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggle(entry.id)}
                  className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
                >
                  <span>{entry.question}</span>
                  <span
                    aria-hidden="true"
                    className={cn('mt-0.5 shrink-0 text-brand-700 transition-transform', isOpen && 'rotate-45')}
                  >
                    +
                  </span>
                </button>
              </h2>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!isOpen}
                className="px-5 pb-5 text-slate-700"
              >
                <p>{entry.answer}</p>
                <p className="mt-2 text-xs font-medium uppercase tracking-wide text-slate-600">{entry.category}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
