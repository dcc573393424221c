// The compiled server reads its SQL migrations and its data files (the common-passwords list) beside it.
import { cpSync } from 'node:fs';
cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
cpSync('src/server/assets', 'dist/node/server/assets', { recursive: true });
