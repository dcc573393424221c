import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type ConfigEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writePrecompressed } from './scripts/lib/precompress';
import { routePreloads } from './scripts/lib/route-preloads';
import { routeTable } from './src/client/app/route-table';

/** The browser build only; not the SSR bundle scripts/prerender.ts builds to render the public pages. */
const clientBuild = (_config: unknown, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

/** Writes .br and .gz beside every text asset once, at build time; the server sends them (preCompressed). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hushgift-precompress',
    apply: clientBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const p = path.join(dir, name);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) if (/\.(js|css|html|svg|txt|json)$/.test(file)) writePrecompressed(file);
    },
  };
}

/** Writes route-preloads.json from the route table (scripts/lib/route-preloads.ts). */
function routePreloadsFile(): Plugin {
  const clientDir = path.resolve(import.meta.dirname, 'src/client');
  const routerModule = path.join(clientDir, 'app/router.tsx');
  const pagesDir = path.join(clientDir, 'pages');
  return {
    name: 'hushgift-route-preloads',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      // What router.tsx loads lazily besides the pages: the query provider, loaded with every server-data page.
      const router = this.getModuleInfo(routerModule);
      if (!router) throw new Error('route preloads: src/client/app/router.tsx is not in the bundle');
      const withServerData = router.dynamicallyImportedIds.filter((id) => !id.startsWith(pagesDir + path.sep));
      const out = routePreloads({ bundle, routes: routeTable, pagesDir, withServerData });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(out, null, 1) });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), routePreloadsFile(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser we support has modulepreload; the polyfill would only add to the entry chunk.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/dev/mailbox': 'http://localhost:3000',
    },
  },
});
