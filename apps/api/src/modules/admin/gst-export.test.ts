import { describe, expect, it } from 'vitest';
import { csvCell } from './gst-export';

describe('a GSTR-1 CSV cell', () => {
  it.each([
    ['=HYPERLINK("http://x.example","Click")', `"'=HYPERLINK(""http://x.example"",""Click"")"`],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-Asha', "'-Asha"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTabbed', "'\tTabbed"],
  ])('never lets text become a spreadsheet formula: %s', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it('keeps numbers, negative amounts included, and plain text as they are', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(18)).toBe('18');
    expect(csvCell('Asha Patil')).toBe('Asha Patil');
    expect(csvCell('Patil, Asha')).toBe('"Patil, Asha"');
  });
});
