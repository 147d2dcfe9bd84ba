import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import { ErrorCode, transportMessage, type TransportMessageKind } from '@coinlens/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { resolveCallerLanguage } from '../gateway/caller-language.js';

/**
 * Requests refused before any route runs (an over-long path segment, a malformed URL) answer in the
 * protocol's `{code, msg, data}` shape and never repeat the request back (Fastify's default echoes the path).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const kind: TransportMessageKind = tooLong ? 'uri_too_long' : 'bad_request';
  void reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send({
      code: ErrorCode.ParameterInvalid,
      msg: transportMessage(kind, resolveCallerLanguage(request.headers)),
      data: null,
    });
}

/**
 * Requests Node's HTTP parser refuses (headers over the size limit, garbage) get the same shape, written on
 * the socket since no request object exists yet; the language is English for want of readable headers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const kind: TransportMessageKind = status === 431 ? 'headers_too_large' : 'bad_request';
  const body = JSON.stringify({
    code: ErrorCode.ParameterInvalid,
    msg: transportMessage(kind, 'en'),
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
