import { describe, expect, it } from 'vitest';
import { hashPassword, takePeakHashing, verifyPassword } from './password.ts';

describe('scrypt password hashes', () => {
  it('encodes parameters and verifies', async () => {
    const hash = await hashPassword('Demo@12345');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('Demo@12345', hash)).toBe(true);
    expect(await verifyPassword('demo@12345', hash)).toBe(false);
    expect(await hashPassword('Demo@12345')).not.toBe(hash); // salted
  });

  it('rejects malformed or hostile encodings without throwing', async () => {
    for (const bad of [
      '',
      'bcrypt$x',
      'scrypt$0$8$1$aa$bb',
      'scrypt$4194304$8$1$aa$bb',
      'scrypt$32768$8$1$aa$short',
    ]) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  it('runs at most two derivations at once, however many requests arrive together', async () => {
    const hash = await hashPassword('Demo@12345');
    takePeakHashing();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(i % 3 === 0 ? 'Demo@12345' : `Wrong${i}`, hash)),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(takePeakHashing()).toBe(2);
  });
});
