import { ErrorCode, errorMessage } from '@coinlens/contract';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { resolveCallerLanguage } from '../gateway/caller-language.js';

/**
 * Answers a malformed WebSocket handshake (bad key, upgrade, subprotocol or extension header) the way the
 * gateway answers any bad call: 400 with a catalogue code as JSON, where `ws` would write its own HTML sentence.
 */
export function refuseHandshake(socket: Duplex, request: IncomingMessage): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code = ErrorCode.ParameterInvalid;
  const body = JSON.stringify({
    code,
    msg: errorMessage(code, resolveCallerLanguage(request.headers)),
    data: null,
  });
  socket.end(
    [
      'HTTP/1.1 400 Bad Request',
      'Connection: close',
      'Cache-Control: no-store',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}
