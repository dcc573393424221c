// Development with the sandbox provider needs no ADMIN_TOTP_KEY: a random key is generated once into
// DATA_DIR/admin-totp.key (readable by its owner only) and read at every start, so enrolled authenticator apps
// keep working across restarts. A real provider requires ADMIN_TOTP_KEY instead (config.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const DEV_TOTP_KEY_FILE = 'admin-totp.key';

export async function devTotpKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, DEV_TOTP_KEY_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // 'wx': two instances starting at once keep whichever key was written first.
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
