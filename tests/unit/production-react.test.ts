// src/server/production-react.ts, which main.ts imports first: the server renders its per-request pages with
// React's production build unless NODE_ENV says development, and leaves NODE_ENV as it found it for config.ts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const MODULE = path.resolve(import.meta.dirname, '../../src/server/production-react.ts');

/**
 * Loads the module in a fresh node with this NODE_ENV (undefined: unset). Answers which build React and its server
 * renderer are (the one whose exports they are; node may read both files to find their exports) and NODE_ENV after.
 */
function loadWith(nodeEnv: string | undefined): { react: string; server: string; nodeEnvAfter: string | null } {
  const script = `
    await import(${JSON.stringify(MODULE)});
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const { dirname, join } = await import('node:path');
    // By file path: the packages' exports do not list their builds.
    const file = (entry, name) => join(dirname(require.resolve(entry)), 'cjs', name);
    const kinds = ['production', 'development'];
    const server = kinds.find(
      (kind) =>
        require('react-dom/server').renderToString ===
        require(file('react-dom/server', 'react-dom-server-legacy.node.' + kind + '.js')).renderToString,
    );
    console.log(JSON.stringify({
      react: kinds.find((kind) => require('react') === require(file('react', 'react.' + kind + '.js'))),
      server,
      nodeEnvAfter: process.env.NODE_ENV ?? null,
    }));
  `;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    cwd: path.resolve(import.meta.dirname, '../..'),
  });
  return JSON.parse(out.toString().trim().split('\n').pop()!) as {
    react: string;
    server: string;
    nodeEnvAfter: string | null;
  };
}

it('loads the production build when NODE_ENV is unset, and leaves it unset', () => {
  expect(loadWith(undefined)).toEqual({ react: 'production', server: 'production', nodeEnvAfter: null });
});

it('keeps the development build when NODE_ENV says development', () => {
  expect(loadWith('development')).toEqual({ react: 'development', server: 'development', nodeEnvAfter: 'development' });
});
