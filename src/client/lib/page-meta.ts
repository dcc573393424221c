import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/** The document title for a page title: the brand is added unless the title already names it. */
export function documentTitle(title: string): string {
  return title.includes('Hushgift') ? title : `${title} · Hushgift`;
}

/**
 * Set only by the build-time prerender (src/client/prerender.tsx): effects do not run there, so the page
 * reports its title and description during render and they are written into the prerendered HTML's head.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Each page sets its own title and meta description. */
export function usePageMeta(title: string, description: string): void {
  useContext(PageMetaCollector)?.({ title: documentTitle(title), description });
  useEffect(() => {
    document.title = documentTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
