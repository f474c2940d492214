import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PasswordStrength } from './password-strength';

describe('password strength', () => {
  it('shows nothing until a password is typed', () => {
    const { container } = render(<PasswordStrength password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['abc', 'Weak', 'red'],
    ['abcdefgh', 'Weak', 'red'],
    ['abcDEF12', 'Medium', 'yellow'],
    ['Ab1#', 'Medium', 'yellow'],
    ['abcDEF12#', 'Strong', 'green'],
  ])('grades %s as %s in %s', (password, label, color) => {
    render(<PasswordStrength password={password} />);
    const text = screen.getByText(label);
    expect(text.closest('.strength')).toHaveAttribute('data-color', color);
    expect(text.closest('.strength')).toHaveClass(`strength--${color}`);
  });
});
