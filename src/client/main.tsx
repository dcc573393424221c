import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The public pages arrive prerendered (scripts/prerender.ts): make that HTML interactive instead of replacing it.
// Every other path gets the empty shell and renders on the client.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
