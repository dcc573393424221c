// The built app's route preloads come from the route table: every route listed, its own page chunk first, the
// query provider exactly for the pages that use server data, every file served, and the page HTML for a path
// carrying those links.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pageFile, routeTable } from '../../src/client/app/route-table.js';
import { startServer, type RunningServer } from './helpers/server.js';

const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

describe('route preloads of the built app', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });
  const built = () =>
    JSON.parse(readFileSync(path.join(clientDir, 'route-preloads.json'), 'utf8')) as Array<{
      path: string;
      files: string[];
    }>;

  it('lists every route of the table with its page chunk, and the query provider only for server-data pages', async () => {
    const preloads = built();
    expect(preloads.map((p) => p.path)).toEqual(routeTable.map((r) => r.path));
    for (const [i, route] of routeTable.entries()) {
      const files = preloads[i]!.files;
      const pageName = path.basename(pageFile(route), '.tsx');
      expect(files[0], route.path).toMatch(new RegExp(`^/assets/${pageName}-[\\w-]+\\.js$`));
      expect(
        files.some((f) => /\/query-provider-[\w-]+\.js$/.test(f)),
        route.path,
      ).toBe(route.serverData);
    }
    const all = [...new Set(preloads.flatMap((p) => p.files))];
    const answers = await Promise.all(all.map((f) => fetch(server.url + f).then((r) => r.status)));
    expect(answers).toEqual(all.map(() => 200));
  });

  it("puts a route's files into the page HTML for a matching path", async () => {
    // A page the app renders in the browser (not one of the prerendered public pages).
    const login = built().find((p) => p.path === '/donor/login')!;
    const html = await (await fetch(`${server.url}/donor/login`)).text();
    // In the after-paint loader's list (src/server/http/after-paint-scripts.ts): the route's files, then the entry.
    const listed = /<script type="application\/json" id="hg-after-paint">([^<]+)<\/script>/.exec(html)?.[1];
    const links = (JSON.parse(listed!) as string[]).slice(0, -1);
    expect(links.length).toBeGreaterThan(1);
    expect(links).toEqual(login.files);
  });
});
