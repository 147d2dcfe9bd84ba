import type { FastifyInstance } from 'fastify';

import type { OutboxRepository } from '../modules/mail/outbox.repository.js';
import { isDirectLocalRequest } from './local-request.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The dev outbox, for a machine with no SMTP server: the latest mail as a page and as JSON. Only registered with
 * DEV_OUTBOX=true and no SMTP_URL, and only answered to a direct local caller, because it shows sign-in codes.
 */
export function registerDevOutboxPage(app: FastifyInstance, outbox: OutboxRepository): void {
  app.get<{ Querystring: { to?: string } }>('/dev/outbox.json', async (request, reply) => {
    if (!isDirectLocalRequest(request)) return reply.code(404).send({ error: 'Not Found' });
    const to = typeof request.query.to === 'string' ? request.query.to : undefined;
    return reply.header('cache-control', 'no-store').send({ messages: await outbox.latest(50, to) });
  });
  app.get('/dev/outbox', async (request, reply) => {
    if (!isDirectLocalRequest(request)) return reply.code(404).send({ error: 'Not Found' });
    const messages = await outbox.latest(50);
    const items = messages
      .map(
        (message) =>
          `<article><h2>${escapeHtml(message.subject)}</h2><p><b>To:</b> ${escapeHtml(message.to)} · ${new Date(message.createdAt).toISOString()}</p><pre>${escapeHtml(message.text)}</pre></article>`,
      )
      .join('');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Coinlens dev outbox</title></head><body><h1>Dev outbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
