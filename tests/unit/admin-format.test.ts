// The dashboard's formatting of waiting times (the attention list) and signed wire amounts (the Money section).
import { formatAge, formatDollars } from '../../src/client/features/admin/format';

describe('admin formatting', () => {
  it('says how long a gift has waited, in the largest two units', () => {
    expect([0, 59, 60, 45 * 60, 3600, 3600 + 5 * 60, 86_400, 86_400 + 4 * 3600, 3 * 86_400].map(formatAge)).toEqual([
      'just now',
      'just now',
      '1 min',
      '45 min',
      '1 h',
      '1 h 5 min',
      '1 day',
      '1 day 4 h',
      '3 days',
    ]);
  });

  it('formats wire amounts as dollars, negative ones too', () => {
    expect(formatDollars('1234.50')).toBe('$1,234.50');
    expect(formatDollars('-5.00')).toBe('-$5.00');
    expect(formatDollars('0.00')).toBe('$0.00');
  });
});
