// The API reference page in a real browser: Swagger UI renders the generated document under the site's CSP
// (assets served by this server, no inline script), lists the routes and shows a route's answer schema.
import { describeE2E, newPage, useBrowser, useServer } from './helpers/suite.js';

describeE2E('the API reference page in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  it('renders every documented route under the strict CSP, with no violation and no outside request', async () => {
    const page = await newPage(browser());
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(server().url) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const res = await page.goto(server().url + '/api/docs');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.getByRole('heading', { name: /Hushgift API/ }).waitFor();
    const doc = (await (await fetch(server().url + '/api/docs/openapi.json')).json()) as {
      paths: Record<string, object>;
    };
    for (const path of Object.keys(doc.paths)) {
      await page.locator(`[data-path="${path}"]`).first().waitFor();
    }
    // Opening an operation shows its answer schema.
    await page.locator('#operations-gifts-post_api_gifts').click();
    await page.getByText('checkoutUrl').first().waitFor();
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
