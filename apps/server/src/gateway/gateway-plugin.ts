import { ErrorCode, isProcedureName, procedures, SIGNATURE_WINDOW_SECONDS } from '@coinlens/contract';
import type { AppLanguage, ProcedureName } from '@coinlens/contract';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import type { Authenticator, AuthenticatedUser } from './authenticator.js';
import { resolveCallerLanguage } from './caller-language.js';
import { EnvelopeError, jsonEnvelopeFields, parseFormFields, queryEnvelopeFields, requireEnvelope } from './envelope.js';
import type { EnvelopeFields } from './envelope.js';
import {
  sendFailure,
  sendParameterError,
  sendPayloadTooLarge,
  sendRateLimited,
  sendRegionRestricted,
  sendSuccess,
} from './gateway-answers.js';
import { parsePayload } from './payload-validation.js';
import { ProcedureFailure, SuccessWithMessage } from './procedure-failure.js';
import type { ProcedureContext, ProcedureHandler, ProcedureHandlers } from './procedure-registry.js';
import type { ReplayGuard } from './replay-guard.js';
import { verifyEnvelope } from './request-verifier.js';

export interface GatewayOptions {
  appId: string;
  appSecret: string;
  replayGuard: ReplayGuard;
  authenticator: Authenticator;
  handlers: ProcedureHandlers;
  bodyLimit: number;
  rateLimitPerMinute: number;
  blockedRegions: readonly string[];
  /** Lower-case name of the trusted proxy header carrying the caller's ISO country code. */
  countryHeader: string | undefined;
  now?: () => number;
}

interface RateLimitRejection {
  statusCode: 429;
  retryAfterSeconds: number;
}

function isRateLimitRejection(error: unknown): error is RateLimitRejection {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 429;
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length > 0 ? first : null;
}

/** The envelope travels as a form body (POST), a JSON body (other methods) or the query string (GET). */
function readEnvelopeFields(request: FastifyRequest): EnvelopeFields {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const queryStart = request.url.indexOf('?');
    return queryEnvelopeFields(queryStart === -1 ? '' : request.url.slice(queryStart + 1));
  }
  if (request.body === undefined || request.body === null) throw new EnvelopeError('body', 'required');
  return jsonEnvelopeFields(request.body);
}

export const gatewayPlugin: FastifyPluginAsync<GatewayOptions> = (gateway, options) => {
  gateway.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_request, body, done) => {
      try {
        done(null, parseFormFields(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  if (options.blockedRegions.length > 0 && options.countryHeader) {
    const header = options.countryHeader;
    const blocked = new Set(options.blockedRegions);
    gateway.addHook('onRequest', async (request, reply) => {
      const country = headerValue(request, header)?.toUpperCase();
      if (country && blocked.has(country)) return sendRegionRestricted(reply, resolveCallerLanguage(request.headers));
    });
  }

  async function authenticate(
    procedure: ProcedureName,
    request: FastifyRequest,
  ): Promise<AuthenticatedUser | null> {
    const requirement = procedures[procedure].auth;
    if (requirement === 'public') return null;
    const outcome = await options.authenticator.authenticate({
      accessToken: headerValue(request, 'AccessToken'),
      deviceId: headerValue(request, 'DeviceId'),
    });
    switch (outcome.status) {
      case 'authenticated':
        return outcome.user;
      case 'rejected':
        throw new ProcedureFailure(outcome.code);
      case 'anonymous':
        if (requirement === 'required') throw new ProcedureFailure(ErrorCode.NotLoggedIn);
        return null;
    }
  }

  async function handle(request: FastifyRequest<{ Params: { service: string; procedure: string } }>, reply: FastifyReply) {
    const name = `${request.params.service}/${request.params.procedure}`;
    if (!isProcedureName(name)) return sendFailure(reply, ErrorCode.NotFound, resolveCallerLanguage(request.headers));
    const fields = readEnvelopeFields(request);
    const payload = await verifyEnvelope(requireEnvelope(fields), fields, {
      appId: options.appId,
      appSecret: options.appSecret,
      windowSeconds: SIGNATURE_WINDOW_SECONDS,
      replayGuard: options.replayGuard,
      ...(options.now ? { now: options.now } : {}),
    });
    const { __dlang__: payloadLanguage, ...procedurePayload } = payload;
    const language = resolveCallerLanguage(request.headers, payloadLanguage);
    const user = await authenticate(name, request);
    const input: unknown = parsePayload(procedures[name].input, procedurePayload, language);
    const context: ProcedureContext = {
      language,
      user,
      ip: request.ip,
      origin: `${request.protocol}://${request.host}`,
      deviceId: headerValue(request, 'DeviceId'),
      log: request.log,
    };
    const handler = options.handlers[name] as ProcedureHandler<ProcedureName>;
    const result = await handler(input as never, context);
    return result instanceof SuccessWithMessage
      ? sendSuccess(reply, result.data, language, result.messageCode)
      : sendSuccess(reply, result, language);
  }

  gateway.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/v1/:service/:procedure',
    config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
    handler: handle,
  });

  gateway.setNotFoundHandler((request, reply) =>
    sendFailure(reply, ErrorCode.NotFound, resolveCallerLanguage(request.headers)),
  );

  gateway.setErrorHandler((error: FastifyError | ProcedureFailure | EnvelopeError | RateLimitRejection, request, reply) => {
    const language: AppLanguage = resolveCallerLanguage(request.headers);
    if (error instanceof EnvelopeError) return sendParameterError(reply, error.field, error.detail, language);
    if (error instanceof ProcedureFailure) {
      return error.code === ErrorCode.ParameterInvalid && error.detail
        ? sendParameterError(reply, error.detail, null, language)
        : sendFailure(reply, error.code, language, error.data);
    }
    if (isRateLimitRejection(error)) return sendRateLimited(reply, error.retryAfterSeconds, language);
    if (error.statusCode === 413) return sendPayloadTooLarge(reply, language);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'gateway request refused');
      const field = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      return sendParameterError(reply, field, 'malformed request', language);
    }
    request.log.error({ err: error }, 'gateway procedure failed');
    return sendFailure(reply, ErrorCode.SystemError, language);
  });
  return Promise.resolve();
};
