// The compiled server reads its SQL migrations beside it.
import { cpSync } from 'node:fs';
cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
