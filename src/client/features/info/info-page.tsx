// The frame every information page shares: one h1, an optional lead paragraph, sections with h2 headings.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

export function InfoPage({
  title,
  lead,
  children,
  wide,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <article className={cn('mx-auto px-4 py-12 sm:py-16', wide ? 'max-w-5xl' : 'max-w-3xl')}>
      <header className="mb-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead ? <div className="mt-4 text-lg text-slate-700">{lead}</div> : null}
      </header>
      <div className="space-y-10">{children}</div>
    </article>
  );
}

export function InfoSection({ title, children, level = 2 }: { title: string; children: ReactNode; level?: 2 | 3 }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline"
    >
      <Heading id={id} className={cn('font-semibold text-slate-900', level === 2 ? 'text-xl' : 'text-lg')}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** "Questions? …" closing block with both support routes. */
export function SupportFooter({ children }: { children?: ReactNode }) {
  return (
    <aside className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
      <h2 className="text-lg font-semibold text-slate-900">Still have questions?</h2>
      <p className="mt-2">
        {children ?? 'Our support team is happy to help.'}{' '}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          Contact us
        </Link>{' '}
        or read the{' '}
        <Link to="/faq" className="font-medium text-brand-700 underline">
          FAQ
        </Link>
        .
      </p>
    </aside>
  );
}
