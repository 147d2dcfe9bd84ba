import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Request {
  method: string;
  /** The path as sent: `/<bucket>/<key>` in path style. */
  path: string;
  /** Whether the request carried an AWS signature (the fake checks no more than that). */
  signed: boolean;
}

export interface FakeS3Server {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT. */
  endpoint: string;
  /** Stored objects by path (`/<bucket>/<key>`). */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

const NO_SUCH_KEY =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';

/**
 * The three object calls of S3's REST API in path style (PutObject, GetObject, DeleteObject), in memory: enough
 * for the AWS SDK to store, read and remove objects without a real store or the network.
 */
export async function startFakeS3Server(): Promise<FakeS3Server> {
  const objects: FakeS3Server['objects'] = new Map();
  const requests: FakeS3Request[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname);
    const method = request.method ?? 'GET';
    requests.push({
      method,
      path,
      signed: (request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'),
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const object = objects.get(path);
      if (method === 'PUT') {
        const contentType = request.headers['content-type'];
        objects.set(path, { body: Buffer.concat(chunks), contentType });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else if ((method === 'GET' || method === 'HEAD') && object) {
        response
          .writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
          })
          .end(method === 'GET' ? object.body : undefined);
      } else if (method === 'GET' || method === 'HEAD') {
        response.writeHead(404, { 'content-type': 'application/xml' }).end(NO_SUCH_KEY);
      } else {
        response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
