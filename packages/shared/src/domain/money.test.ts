import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupeeText } from './money.ts';

describe('money', () => {
  it('formats paise as rupees with the Indian grouping and 2 decimals', () => {
    expect(formatRupees(150000)).toBe('₹1,500.00');
    expect(formatRupees(1234567890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(-250)).toBe('-₹2.50');
  });

  it('gives the plain CSV number exactly', () => {
    expect(paiseToRupeeText(150005)).toBe('1500.05');
    expect(paiseToRupeeText(-7)).toBe('-0.07');
    expect(paiseToRupeeText(10 + 20)).toBe('0.30');
  });
});
