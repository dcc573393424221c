// Shown when a page fails to load (for example after a deploy replaced its chunk): offer a reload, not a blank screen.
import { Component, type ReactNode } from 'react';

export function RouteError({ error }: { error?: Error }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-700">This page could not be shown. Reloading usually fixes it.</p>
      {error?.message ? <p className="mt-2 text-sm text-slate-600">{error.message}</p> : null}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
      >
        Reload page
      </button>
    </div>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
