export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center py-12">
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
