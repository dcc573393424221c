// The frame of every sandbox page: the banner that says no real money moves, and minimal styling.
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../email/render.js';

export { escapeHtml };

/** `wide`: a page of tables (the console) rather than one narrow form. */
export function sandboxPage(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Sandbox</title>
<style>
body{font-family:system-ui,-apple-system,sans-serif;margin:0;color:#111;background:#f6f7fb}
.banner{background:#fde68a;color:#111;text-align:center;padding:.6rem 1rem;font-weight:600}.banner p{margin:0}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input,select{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #6b7280;border-radius:.4rem;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.8rem;border:0;border-radius:.4rem;background:#4338ca;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
table{width:100%;border-collapse:collapse}td{padding:.35rem 0}td:last-child{text-align:right}
.total td{border-top:1px solid #ddd;font-weight:700}.error{background:#fee2e2;color:#7f1d1d;padding:.6rem;border-radius:.4rem}
a{color:#3730a3}.muted{color:#4b5563;font-size:.9rem}
main.wide{max-width:76rem}.scroll{overflow-x:auto}.wide table{font-size:.9rem;margin-bottom:1rem}
.wide th,.wide td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
.wide td:last-child{text-align:left}.actions form{display:inline-block;margin:0 .3rem .3rem 0}
.wide button{width:auto;margin:0;padding:.4rem .65rem;font-size:.85rem}
form.inline label{display:inline;margin-right:.4rem}form.inline input{width:6rem;margin-right:.4rem}form.inline select{width:auto;margin-right:.4rem}
caption{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.notice{background:#dcfce7;color:#14532d;padding:.6rem;border-radius:.4rem}
</style></head><body>
<header class="banner"><p>Sandbox mode — no real money moves</p></header>
<main${options.wide ? ' class="wide"' : ''}>${body}</main>
</body></html>`;
}

/**
 * Answers a sandbox page with its own forms. Under the site-wide "no-referrer" policy a browser sends "Origin: null"
 * with a form POST, which the CSRF check must refuse; "same-origin" lets these pages' own forms carry their real
 * origin (and no referrer leaves the site).
 */
export function sendFormPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .send(sandboxPage(title, body));
}
