import { describe, expect, it } from 'vitest';
import { normaliseDriverTag } from './driver-tag.ts';

describe('normaliseDriverTag', () => {
  it('upper-cases and drops leading zero bytes so a card reads the same on every protocol', () => {
    expect(normaliseDriverTag('4277efef')).toBe('4277EFEF');
    expect(normaliseDriverTag('000000004277EFEF')).toBe('4277EFEF');
    expect(normaliseDriverTag('0A1B')).toBe('0A1B');
    expect(normaliseDriverTag('A1B')).toBe('0A1B');
    expect(normaliseDriverTag('010000188A1F30B5')).toBe('010000188A1F30B5');
  });

  it('rejects what is not a tag', () => {
    expect(normaliseDriverTag(null)).toBeNull();
    expect(normaliseDriverTag(1234)).toBeNull();
    expect(normaliseDriverTag('')).toBeNull();
    expect(normaliseDriverTag('12G4')).toBeNull();
    expect(normaliseDriverTag('0000')).toBeNull();
  });
});
