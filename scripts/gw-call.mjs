#!/usr/bin/env node
// Calls one /gwapi procedure from outside the app, following the protocol in docs/gateway-protocol.md with
// nothing but Node's own crypto, so it doubles as an independent check of the contract's signing.
//   node scripts/gw-call.mjs appsys_msrv/app_config '{}'
//   GW_BASE=http://localhost:8080 APP_ID=coinlens-web APP_SECRET=coinlens-dev-secret node scripts/gw-call.mjs …
import { createHash, randomBytes } from 'node:crypto';

const [procedure, payload = '{}'] = process.argv.slice(2);
if (!procedure) {
  process.stderr.write('usage: node scripts/gw-call.mjs <service_msrv/procedure> [json-payload]\n');
  process.exit(2);
}
const base = process.env.GW_BASE ?? 'http://localhost:8080';
const appId = process.env.APP_ID ?? 'coinlens-web';
const secret = process.env.APP_SECRET ?? 'coinlens-dev-secret';

const fields = {
  data: JSON.stringify(JSON.parse(payload)),
  app_id: appId,
  dev_id: '0',
  timestamp: String(Math.floor(Date.now() / 1000)),
  v: 'v1',
  // Required and random: without it the call could be pre-burned by anyone (docs/gateway-protocol.md).
  nonce: randomBytes(16).toString('hex'),
};
const canonical = Object.keys(fields)
  .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  .map((key) => `${key}=${fields[key]}`)
  .join('&');
const signature = createHash('md5')
  .update(secret + canonical + secret, 'utf8')
  .digest('hex');

const response = await fetch(`${base}/gwapi/v1/${procedure}`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', Lang: process.env.GW_LANG ?? 'en' },
  body: new URLSearchParams({ ...fields, signature }).toString(),
});
process.stdout.write(`HTTP ${response.status}\n${JSON.stringify(await response.json(), null, 2)}\n`);
