// The dev mailbox: e-mails delivered while no SMTP server is configured. Registered only outside production.
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devEmails } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { escapeHtml } from '../email/render.js';
import { errorResponses } from '../http/contracts.js';
import { devEmailSchema, devMailboxQuerySchema as querystring } from '../../shared/schemas/service.js';

export const devMailboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const list = async (to?: string) => {
      const rows = await deps.db
        .select()
        .from(devEmails)
        .where(to ? eq(sql`lower(${devEmails.toAddress})`, to.toLowerCase()) : undefined)
        .orderBy(desc(devEmails.id))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        html: r.htmlBody,
        createdAt: r.createdAt.toISOString(),
      }));
    };

    const summary = 'Dev mailbox (never in production): delivered e-mails, newest first';
    const response = { 200: z.array(devEmailSchema), ...errorResponses };
    app.get('/api/dev/emails', { schema: { summary, tags: ['dev'], querystring, response } }, async (request) =>
      list(request.query.to),
    );

    app.get('/dev/mailbox', { schema: { querystring } }, async (request, reply) => {
      const emails = await list(request.query.to);
      const linkify = (text: string) =>
        escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
      const items = emails
        .map(
          (e) => `<article><h2>${escapeHtml(e.subject)}</h2>
<p class="meta">To ${escapeHtml(e.to)} · ${escapeHtml(new Date(e.createdAt).toUTCString())}</p>
<pre>${linkify(e.text)}</pre></article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Hushgift</title><style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#111}
.banner{background:#fef3c7;padding:.75rem 1rem;border-radius:.5rem}
article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit}.meta{color:#555;font-size:.9rem}
</style></head><body><main>
<h1>Dev mailbox</h1>
<p class="banner">E-mails the app sent while no SMTP server is configured. This page does not exist in production.
Addresses at <code>bounce.invalid</code> are refused permanently (550), to try a bounced gift e-mail.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`);
    });
  };
