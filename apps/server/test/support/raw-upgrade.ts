import { request } from 'node:http';

/** What the server did with an upgrade request: switched protocols (101) or answered over HTTP. */
export interface UpgradeAnswer {
  status: number;
  contentType: string;
  body: string;
}

const ANSWER_TIMEOUT_MS = 5_000;

/**
 * Sends one HTTP/1.1 request with exactly these headers (a WebSocket handshake, well formed or not) and reads
 * the answer; a socket that switched protocols is closed at once. Rejects when nothing comes back in time.
 */
export function attemptUpgrade(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<UpgradeAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // A connection of its own (no keep-alive agent): a reused socket the server closed would hang up for nothing.
    const outgoing = request({
      host: hostname,
      port,
      path,
      headers,
      agent: false,
      timeout: ANSWER_TIMEOUT_MS,
    });
    outgoing.on('timeout', () => {
      outgoing.destroy();
      reject(new Error(`no answer to an upgrade within ${ANSWER_TIMEOUT_MS} ms: ${JSON.stringify(headers)}`));
    });
    outgoing.on('error', reject);
    outgoing.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, contentType: '', body: '' });
    });
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          body,
        }),
      );
    });
    outgoing.end();
  });
}
