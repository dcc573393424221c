import { dollarsToCents, feeCents, formatCents, formatUsd, giftTotals, parseMoney } from '../../src/shared/money.js';
import { MAX_CHARGE_CENTS, MAX_GIFT_CENTS, MAX_TIP_CENTS } from '../../src/shared/constants.js';

describe('fee rule: 5% rounded half-up to the cent, plus 30 cents', () => {
  it.each([
    [2500, 155, 2655],
    [5000, 280, 5280],
    [10000, 530, 10530],
  ])('the pricing page example: %i cents → fee %i, pay %i (no tip)', (amount, fee, total) => {
    expect(feeCents(amount)).toBe(fee);
    expect(giftTotals(amount, 0).total).toBe(total);
  });

  it('rounds exactly half a cent up', () => {
    expect(feeCents(510)).toBe(26 + 30); // 5% of $5.10 is 25.5¢
    expect(feeCents(530)).toBe(27 + 30); // 26.5¢ → 27¢
  });

  it('rounds below half down and above half up', () => {
    expect(feeCents(501)).toBe(25 + 30); // 25.05¢
    expect(feeCents(509)).toBe(25 + 30); // 25.45¢
    expect(feeCents(519)).toBe(26 + 30); // 25.95¢
  });

  it('handles the minimum and maximum gift without floating-point error', () => {
    expect(feeCents(500)).toBe(55);
    expect(feeCents(99_999_999)).toBe(5_000_000 + 30);
    expect(Number.isInteger(feeCents(99_999_999))).toBe(true);
  });

  it('the largest gift with its fee and the largest tip fits in one card charge', () => {
    expect(giftTotals(MAX_GIFT_CENTS, MAX_TIP_CENTS).total).toBeLessThanOrEqual(MAX_CHARGE_CENTS);
    expect(MAX_CHARGE_CENTS).toBe(99_999_999);
  });

  it('totals add the tip, and the recipient gets the full amount', () => {
    expect(giftTotals(5000, 300)).toEqual({ amount: 5000, fee: 280, tip: 300, total: 5580, recipientGets: 5000 });
  });
});

describe('parsing and formatting money', () => {
  it('parses decimal strings with up to two places', () => {
    expect(parseMoney('52.80')).toBe(5280);
    expect(parseMoney('52.8')).toBe(5280);
    expect(parseMoney('52')).toBe(5200);
    expect(parseMoney('0.01')).toBe(1);
    expect(parseMoney(' 5.00 ')).toBe(500);
  });

  it.each(['', '-1.00', '1.001', '1e3', 'abc', '01.00', '1,000.00', '.5', '5.', 'NaN', 'Infinity'])(
    'rejects %j',
    (input) => {
      expect(parseMoney(input)).toBeNull();
    },
  );

  it('formats cents for the wire and for people', () => {
    expect(formatCents(5280)).toBe('52.80');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatUsd(105_30)).toBe('$105.30');
    expect(formatUsd(99_999_999)).toBe('$999,999.99');
  });

  it('converts dollars typed in forms to cents without float noise', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(Number.NaN)).toBe(0);
  });
});
