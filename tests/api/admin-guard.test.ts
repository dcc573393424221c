// The admin folder's one session guard (src/server/routes/admin/auth.ts): every route registered under /api/admin,
// except the few open ones the login and setup pages need, answers 401 ADMIN_AUTH_REQUIRED without a valid admin
// session. The routes are read from the app itself, so a route added later cannot slip past this test.
import { describeEachEngine } from '../helpers/test-app.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';

/** What a person must reach before anyone is signed in. Nothing else under /api/admin is open. */
const OPEN = [
  'GET /api/admin/setup-needed',
  'POST /api/admin/login',
  'POST /api/admin/login/second-factor',
  'POST /api/admin/setup',
];

describeEachEngine('admin session guard', (ctx) => {
  const adminRoutes = () =>
    ctx()
      .app.registeredRoutes.filter((r) => r.url.startsWith('/api/admin/'))
      .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

  it('answers 401 ADMIN_AUTH_REQUIRED to every admin route but the open ones, without a session or with a forged one', async () => {
    const guarded = adminRoutes().filter((r) => !OPEN.includes(r.key));
    expect(guarded.length).toBeGreaterThanOrEqual(12);
    await setupAdmin(ctx());
    const loggedOut = await adminCookie(ctx());
    await ctx().app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: loggedOut } });
    for (const route of guarded) {
      for (const cookie of [undefined, 'hg_admin=forged-session-id', loggedOut]) {
        const res = await ctx().app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:\w+/g, '1'),
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${route.key} with ${cookie ?? 'no cookie'}`).toBe(401);
        expect(res.json(), route.key).toEqual({
          code: 'ADMIN_AUTH_REQUIRED',
          message: 'Please log in as an admin to continue',
        });
      }
    }
  });

  it('leaves exactly the open routes open', async () => {
    const open = adminRoutes().filter((r) => OPEN.includes(r.key));
    expect(open.map((r) => r.key).sort()).toEqual([...OPEN].sort());
    const needed = await ctx().app.inject({ method: 'GET', url: '/api/admin/setup-needed' });
    expect(needed.statusCode).toBe(200);
  });

  it('documents every guarded route, and no open one, as needing the admin session cookie', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const route of adminRoutes()) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path][route.method.toLowerCase()];
      if (OPEN.includes(route.key)) expect(operation.security, route.key).toBeUndefined();
      else expect(operation.security, route.key).toEqual([{ adminSession: [] }]);
      expect(operation.tags, route.key).toEqual(['admin']);
    }
  });
});
