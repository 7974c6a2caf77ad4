/**
 * Keys of the second factor, derived from the server secret (JWT_SECRET or DATA_DIR/secrets/jwt.key, config/env.ts)
 * with HKDF, one key per purpose, so that a copy of the database alone reveals neither TOTP secrets nor recovery codes.
 * Rotating JWT_SECRET makes the stored TOTP secrets unreadable: the users concerned then sign in with a recovery code
 * and enrol again (docs/security.md 2.8).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  /** AES-256-GCM; `context` (the user id) is authenticated too, so a row copied to another user does not decrypt. */
  seal(plain: string, context: string): string;
  /** null when the value was sealed with another key or for another context. */
  open(sealed: string, context: string): string | null;
  /** Keyed digest of a recovery code (normalised: upper case, no dash). */
  digestRecoveryCode(code: string): string;
}

function deriveKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'civicfleet-mfa', purpose, 32));
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toUpperCase().replace('-', '');
}

export function createSecretBox(serverSecret: string): SecretBox {
  const encryptionKey = deriveKey(serverSecret, 'totp-secret-v1');
  const digestKey = deriveKey(serverSecret, 'recovery-code-v1');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
    digestRecoveryCode(code) {
      return createHmac('sha256', digestKey).update(normaliseRecoveryCode(code)).digest('hex');
    },
  };
}
