import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type ConfigEnv, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writePrecompressed } from './scripts/lib/precompress';

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

/**
 * Writes route-preloads.json: for each route pattern of src/client/app/router.tsx, the chunks its page needs
 * beyond the entry. The server adds them to the page as <link rel="modulepreload">, so a first visit downloads
 * the page with the entry instead of one round trip later.
 */
function routePreloads(): Plugin {
  return {
    name: 'hushgift-route-preloads',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const routerFile = path.resolve(import.meta.dirname, 'src/client/app/router.tsx');
      const source = readFileSync(routerFile, 'utf8');
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const closure = (chunk: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const name of chunk.imports) {
          const dep = bundle[name];
          if (dep?.type === 'chunk') closure(dep, seen);
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inEntry = closure(entry);
      const chunkOf = (specifier: string) => {
        const base = path.resolve(path.dirname(routerFile), specifier);
        const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
        return file ? byModule.get(file) : undefined;
      };
      const route = /path:\s*'([^']+)',\s*Page:\s*(page|staticPage)\(\(\)\s*=>\s*import\('([^']+)'\)\)/g;
      const pageImports = new Set([...source.matchAll(route)].map((m) => m[3]));
      // Imports in router.tsx that are not a route's page (the query provider) load with every page() route;
      // a staticPage() route loads its page alone.
      const withEveryPage = [...source.matchAll(/import\('([^']+)'\)/g)]
        .map((m) => m[1]!)
        .filter((s) => !pageImports.has(s))
        .map(chunkOf)
        .filter((c): c is Rollup.OutputChunk => Boolean(c));
      const out: Array<{ path: string; files: string[] }> = [];
      for (const m of source.matchAll(route)) {
        const pageChunk = chunkOf(m[3]!);
        if (!pageChunk) continue;
        const files = new Set<string>();
        const chunks = m[2] === 'page' ? [pageChunk, ...withEveryPage] : [pageChunk];
        for (const c of chunks) for (const f of closure(c)) if (!inEntry.has(f)) files.add(f);
        out.push({ path: m[1]!, files: [...files].map((f) => `/${f}`) });
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(out, null, 1) });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), routePreloads(), precompress()],
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
