// False while React hydrates prerendered HTML (and on the server), true otherwise: state that only the browser
// knows (the gift draft in sessionStorage) must wait for it, or the first client render would not match the HTML.
// useSyncExternalStore gives exactly that: the server snapshot during hydration, then a re-render with the
// client snapshot; a page rendered on the client (createRoot, or a later navigation) is true from its first render.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
