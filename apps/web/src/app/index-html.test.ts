import { brand } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import indexHtml from '../../index.html?raw';

// index.html cannot import the brand object, so this keeps its static copy honest.
describe('index.html', () => {
  const doc = new DOMParser().parseFromString(indexHtml, 'text/html');

  it('carries the brand name, description and colour', () => {
    expect(doc.documentElement.lang).toBe('en-IN');
    expect(doc.title).toBe(brand.name);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      brand.description,
    );
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      brand.colors.forest,
    );
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
  });
});
