import { useEffect } from 'react';

/** Each page sets its own title and meta description. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title.includes('Hushgift') ? title : `${title} · Hushgift`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
