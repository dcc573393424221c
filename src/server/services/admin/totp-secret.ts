// The TOTP secret at rest: AES-256-GCM under a key derived from ADMIN_TOTP_KEY (HKDF-SHA-256), so a database
// backup alone does not give anyone an operator's second factor. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();
function aesKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'hushgift', 'admin totp secret v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/** The admin's id is bound in as associated data: a ciphertext copied to another admin's row does not open. */
export function encryptTotpSecret(keySecret: string, adminId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(keySecret), iv);
  cipher.setAAD(Buffer.from(`admin:${adminId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptTotpSecret(keySecret: string, adminId: number, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(keySecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`admin:${adminId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
