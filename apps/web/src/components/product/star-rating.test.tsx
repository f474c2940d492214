import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StarRating } from './star-rating';

describe('StarRating', () => {
  it('reads a rating as text and shows its value', () => {
    const { container } = render(<StarRating rating={4.7} />);
    expect(screen.getByText('Rated 4.7 out of 5')).toBeInTheDocument();
    expect(container).toHaveTextContent('4.7');
  });

  it('shows nothing for a product not rated yet, such as one the owner just added', () => {
    const { container } = render(<StarRating rating={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
