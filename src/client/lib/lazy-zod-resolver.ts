// A react-hook-form resolver whose zod schema loads with the person's first interaction with the page (focus,
// pointer or key) or at the first validation, whichever comes first, instead of with the page: zod is ~26 KB of
// compressed JavaScript that a form page does not need to show itself, and leaving it out of the first load is
// what brings these pages to the score of the pages without a form (docs/benchmarks.md). It validates exactly as
// zodResolver(schema) does, with the same shared schema.
import { useSyncExternalStore } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Schema<Input, Output> = z.ZodType<Output, Input>;

/** Loaders waiting for the first interaction; each starts at most once. */
const waiting = new Set<() => void>();
let listening = false;

function loadOnFirstInteraction(load: () => void): void {
  if (typeof document === 'undefined') return; // prerendering at build time
  waiting.add(load);
  if (listening) return;
  listening = true;
  const start = () => {
    for (const event of EVENTS) document.removeEventListener(event, start, true);
    for (const waitingLoad of waiting) waitingLoad();
    waiting.clear();
  };
  for (const event of EVENTS) document.addEventListener(event, start, true);
}
const EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

export interface LazySchema<Input extends FieldValues, Output> {
  /** For useForm({ resolver }): loads the schema if it has not loaded yet, then validates with it. */
  resolver: Resolver<Input, unknown, Output>;
  /** The schema once it has loaded (the component renders again when it arrives), undefined before. */
  useLoaded: () => Schema<Input, Output> | undefined;
}

export function lazyZodSchema<Input extends FieldValues, Output = Input>(
  load: () => Promise<Schema<Input, Output>>,
): LazySchema<Input, Output> {
  let schema: Schema<Input, Output> | undefined;
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const arrived = new Set<() => void>();
  const resolver = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(([loaded, { zodResolver }]) => {
      schema = loaded;
      for (const tell of arrived) tell();
      return zodResolver(loaded) as unknown as Resolver<Input, unknown, Output>;
    }));
  loadOnFirstInteraction(() => void resolver());
  const subscribe = (tell: () => void) => {
    arrived.add(tell);
    return () => void arrived.delete(tell);
  };
  return {
    resolver: async (values, context, options) => (await resolver())(values, context, options),
    useLoaded: () =>
      useSyncExternalStore(
        subscribe,
        () => schema,
        () => undefined,
      ),
  };
}
