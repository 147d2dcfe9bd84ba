import { ErrorCode, errorMessage, parameterErrorMessage, transportMessage } from '@coinlens/contract';
import type { AppLanguage, GatewayAnswer } from '@coinlens/contract';
import type { FastifyReply } from 'fastify';

import { preferredEncoding } from './content-negotiation.js';
import type { SharedAnswer } from './shared-answer.js';

/** Gateway answers are never cached: they carry user data and live prices. */
function send(reply: FastifyReply, status: number, answer: GatewayAnswer): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(answer);
}

export function sendSuccess(
  reply: FastifyReply,
  data: unknown,
  language: AppLanguage,
  messageCode: number = ErrorCode.Success,
) {
  return send(reply, 200, { code: 0, msg: errorMessage(messageCode, language), data });
}

/**
 * A shared success written as its pre-encoded bytes. Setting `content-encoding` here keeps the compress plugin
 * from compressing again; `vary` is sent either way, since the same call can come back in another encoding.
 */
export function sendSharedAnswer(
  reply: FastifyReply,
  answer: SharedAnswer,
  language: AppLanguage,
  acceptEncoding: string | undefined,
) {
  const { bytes, encoding } = answer.body(language, preferredEncoding(acceptEncoding));
  reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8')
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(bytes);
}

export function sendFailure(reply: FastifyReply, code: number, language: AppLanguage, data: unknown = null) {
  return send(reply, 200, { code, msg: errorMessage(code, language), data });
}

export function sendAnswer(reply: FastifyReply, code: number, msg: string, data: unknown) {
  return send(reply, 200, { code, msg, data });
}

export function sendParameterError(
  reply: FastifyReply,
  field: string,
  detail: string | null,
  language: AppLanguage,
) {
  return send(reply, 200, {
    code: ErrorCode.ParameterInvalid,
    msg: parameterErrorMessage(field, detail, language),
    data: { field },
  });
}

export function sendPayloadTooLarge(reply: FastifyReply, language: AppLanguage) {
  return send(reply, 413, {
    code: ErrorCode.ParameterInvalid,
    msg: transportMessage('payload_too_large', language),
    data: null,
  });
}

export function sendRateLimited(reply: FastifyReply, retryAfterSeconds: number, language: AppLanguage) {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return send(reply, 429, {
    code: ErrorCode.TooFrequent,
    msg: transportMessage('rate_limited', language),
    data: null,
  });
}

export function sendRegionRestricted(reply: FastifyReply, language: AppLanguage) {
  return send(reply, 451, {
    code: ErrorCode.PermissionDenied,
    msg: transportMessage('region_restricted', language),
    data: null,
  });
}
