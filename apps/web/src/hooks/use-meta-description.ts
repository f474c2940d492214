import { createContext, useContext, useLayoutEffect } from 'react';

/** What a page tells the prerender (src/entry-server.tsx) about its <head>; null in the browser. */
export type PageHead = { description?: string };
export const PageHeadContext = createContext<PageHead | null>(null);

/**
 * Sets the page's meta description while the component is shown, and puts back the previous one
 * afterwards (index.html holds the site-wide one). When the page is prerendered, it is written into
 * the page's HTML instead.
 */
export function useMetaDescription(description: string): void {
  const prerender = useContext(PageHeadContext);
  if (prerender) prerender.description = description;
  // A layout effect: the description changes in the same commit as the page (and its <title>), so
  // nothing, a crawler's snapshot or a test, sees the new page with the old description.
  useLayoutEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
