import type { FastifyInstance } from 'fastify';

import type { MarketDataProvider } from '@coinlens/market-model';

/** `/logos/coins/<id>.svg` and `/logos/exchanges/<id>.svg` for providers that draw their own logos. */
export function registerLogos(app: FastifyInstance, provider: MarketDataProvider): void {
  app.get<{ Params: { kind: string; file: string } }>('/logos/:kind/:file', (request, reply) => {
    const { kind, file } = request.params;
    const id = file.endsWith('.svg') ? file.slice(0, -4) : '';
    const svg = (kind === 'coins' || kind === 'exchanges') && id ? provider.logoSvg?.(kind, id) : null;
    if (!svg) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });
}
