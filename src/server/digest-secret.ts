// The development key of keyed digests (DIGEST_SECRET is required in production, config.ts): made up at the first
// start and kept in DATA_DIR/digest-secret (owner-only), so lookups made before a restart still match after it.
// It sits beside the embedded database, which is fine on a developer's machine and is why production must set it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function developmentDigestSecret(dataDir: string): string {
  const file = path.join(dataDir, 'digest-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    // 'wx': a second instance starting at the same moment keeps the first one's key.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
    return secret;
  }
}
