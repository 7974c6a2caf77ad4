import { describe, expect, it } from 'vitest';
import { asDiskError, DISK_MESSAGES, DiskUnavailableError, diskProblemOf } from './disk-errors.ts';

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('disk errors', () => {
  it('recognises a full disk and a read-only one, also wrapped by the database driver', () => {
    expect(diskProblemOf(errno('ENOSPC'))).toBe('full');
    expect(diskProblemOf(errno('EDQUOT'))).toBe('full');
    expect(diskProblemOf(errno('EROFS'))).toBe('read-only');
    expect(diskProblemOf(errno('EACCES'))).toBe('read-only');
    // PGlite / PostgreSQL: could not extend file "base/5/16385": No space left on device.
    const disk = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(diskProblemOf(new Error('Failed query', { cause: disk }))).toBe('full');
    expect(diskProblemOf(errno('ENOENT'))).toBeUndefined();
    expect(diskProblemOf(Object.assign(new Error('x'), { code: '23505' }))).toBeUndefined();
    expect(diskProblemOf('ENOSPC')).toBeUndefined();
  });

  it('becomes a 507 or 503 with a message for the user', () => {
    expect(asDiskError(errno('ENOSPC'))).toMatchObject({ statusCode: 507, message: DISK_MESSAGES.full });
    expect(asDiskError(errno('EROFS'))).toMatchObject({ statusCode: 503, message: DISK_MESSAGES.readOnly });
    const other = errno('ENOENT');
    expect(asDiskError(other)).toBe(other);
    const already = new DiskUnavailableError('full');
    expect(asDiskError(already)).toBe(already);
  });
});
