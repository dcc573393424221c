// Layout placeholder: this page's feature is built by its own issue.
import { usePageMeta } from '../../lib/page-meta';

export default function ClaimSuccessPage() {
  usePageMeta('Gift claimed', 'Hushgift: gift claimed.');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Your gift is on its way</h1>
      <p className="mt-4 text-slate-700">This page is being built.</p>
    </section>
  );
}
