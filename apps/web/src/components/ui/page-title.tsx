import { brand } from '@vanya/catalog';

/** Sets the document title; React 19 hoists <title> into <head> from anywhere in the tree. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${brand.name}` : `${brand.name} | ${brand.tagline}`}</title>;
}
