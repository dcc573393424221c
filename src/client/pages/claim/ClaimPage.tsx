// Layout placeholder: this page's feature is built by its own issue.
import { usePageMeta } from '../../lib/page-meta';

export default function ClaimPage() {
  usePageMeta('Claim your gift', 'Hushgift: claim your gift.');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">You&apos;ve Received a Gift!</h1>
      <p className="mt-4 text-slate-700">This page is being built.</p>
    </section>
  );
}
