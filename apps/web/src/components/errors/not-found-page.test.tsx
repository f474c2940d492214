import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { ERROR_TEXTS } from './error-texts';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('shows a large 404, its text and a Return Home link, and logs the missing path', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/lost/leaf?from=ad']}>
        <NotFoundPage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(
      screen.getByText('This page wandered off into nature. Let’s guide you back home.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/lost/leaf?from=ad'));
  });

  it('keeps its text in one place with the typographic apostrophe', () => {
    expect(ERROR_TEXTS.notFoundMessage).toBe(
      'This page wandered off into nature. Let\u2019s guide you back home.',
    );
  });
});
