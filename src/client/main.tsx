import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered (scripts/prerender.ts): make that HTML interactive instead of replacing it.
// In a transition, hydration yields to the browser every few milliseconds instead of running as one long task:
// the page is already on screen, so there is nothing to gain by blocking input. Every other path gets the empty
// shell and renders on the client.
// A page the browser renders itself arrives with the site's frame in #root (data-frame, src/server/http/app-frame.ts):
// that is rendered over, not hydrated, also in a transition: the frame stays on screen until the page is ready.
if (root.hasChildNodes() && !root.hasAttribute('data-frame')) startTransition(() => void hydrateRoot(root, app));
else startTransition(() => createRoot(root).render(app));
