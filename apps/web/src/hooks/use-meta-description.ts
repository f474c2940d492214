import { useLayoutEffect } from 'react';

/**
 * Sets the page's meta description while the component is shown, and puts back the previous one
 * afterwards (index.html holds the site-wide one).
 */
export function useMetaDescription(description: string): void {
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
