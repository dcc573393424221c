// What the build writes to route-preloads.json (vite.config.ts): for each route of the route table, the chunks
// its page needs beyond the entry chunk. The server adds them to the page as <link rel="modulepreload">
// (src/server/http/route-preloads.ts), so a first visit downloads the page with the entry, not one round trip later.
import path from 'node:path';
import type { Rollup } from 'vite';
import { pageFile, type RouteEntry } from '../../src/client/app/route-table';

export interface RoutePreload {
  path: string;
  files: string[];
}

export interface RoutePreloadInput {
  bundle: Rollup.OutputBundle;
  routes: readonly RouteEntry[];
  /** Absolute path of src/client/pages. */
  pagesDir: string;
  /** Modules the router loads together with every page that uses server data (the query provider). */
  withServerData: readonly string[];
}

export function routePreloads({ bundle, routes, pagesDir, withServerData }: RoutePreloadInput): RoutePreload[] {
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
  const chunkOf = (moduleId: string) => {
    // A page Rollup merged into another chunk (e.g. with a module it shares with a lazily loaded one) has no chunk
    // of its own: the chunk that holds it is the one to load.
    const chunk = byModule.get(moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`route preloads: no chunk for ${path.relative(process.cwd(), moduleId)}`);
    return chunk;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('route preloads: the bundle has no entry chunk');
  const inEntry = closure(entry);
  const serverDataChunks = withServerData.map(chunkOf);
  return routes.map((route) => {
    const page = chunkOf(path.join(pagesDir, pageFile(route)));
    const files = new Set<string>();
    for (const c of route.serverData ? [page, ...serverDataChunks] : [page])
      for (const f of closure(c)) if (!inEntry.has(f)) files.add(f);
    return { path: route.path, files: [...files].map((f) => `/${f}`) };
  });
}
