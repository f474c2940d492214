import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ScrollProgress } from './scroll-progress';

describe('ScrollProgress', () => {
  it('reports how much of the page has been scrolled', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(3000);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(1000);

    render(<ScrollProgress />);
    const bar = screen.getByRole('progressbar', { name: 'Page scrolled' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    await act(async () => {
      window.scrollY = 1000;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
  });
});
