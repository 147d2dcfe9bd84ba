import {
  ErrorCode,
  GATEWAY_BASE_PATH,
  isProcedureName,
  procedures,
  SIGNATURE_WINDOW_SECONDS,
  UPLOAD_PATH,
  validationMessage,
} from '@coinlens/contract';
import type { AppLanguage, AuthRequirement, ProcedureName } from '@coinlens/contract';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import type { Authenticator, AuthenticatedUser } from './authenticator.js';
import { callerCostKeys } from './caller-cost-budget.js';
import type { CallerCostBudget } from './caller-cost-budget.js';
import { resolveCallerLanguage } from './caller-language.js';
import {
  EnvelopeError,
  nameableField,
  bodyEnvelopeFields,
  parseFormFields,
  PayloadTooLarge,
  queryEnvelopeFields,
  requireEnvelope,
} from './envelope.js';
import type { EnvelopeFields } from './envelope.js';
import {
  sendAnswer,
  sendFailure,
  sendParameterError,
  sendPayloadTooLarge,
  sendRateLimited,
  sendRegionRestricted,
  sendSharedAnswer,
  sendSuccess,
} from './gateway-answers.js';
import { parsePayload } from './payload-validation.js';
import {
  FieldRejected,
  LocalisedFailure,
  ProcedureFailure,
  SuccessWithMessage,
  TooManyAttempts,
} from './procedure-failure.js';
import type { ProcedureContext, ProcedureHandler, ProcedureHandlers } from './procedure-registry.js';
import { EXPENSIVE_PROCEDURES } from './expensive-procedures.js';
import { READ_PROCEDURES } from './read-procedures.js';
import type { ReplayGuard } from './replay-guard.js';
import { verifyEnvelope } from './request-verifier.js';
import { SharedAnswer } from './shared-answer.js';
import { widerNetworkRateLimit } from './wider-network-rate-limit.js';

export interface GatewayOptions {
  appId: string;
  appSecret: string;
  replayGuard: ReplayGuard;
  authenticator: Authenticator;
  handlers: ProcedureHandlers;
  bodyLimit: number;
  rateLimitPerMinute: number;
  /** Handler time and concurrent calls per caller, for EXPENSIVE_PROCEDURES. */
  costBudget: CallerCostBudget;
  blockedRegions: readonly string[];
  /** Lower-case name of the trusted proxy header carrying the caller's ISO country code. */
  countryHeader: string | undefined;
  /** `POST /gwapi/alibase64upload`: multipart fields (minus the envelope) for a logged-in caller. */
  upload: UploadEndpoint;
  now?: () => number;
}

export interface UploadEndpoint {
  bodyLimit: number;
  /**
   * Called once the caller's login is checked and before any of the body is read: refuses (throws) a caller
   * over their budget or when upload slots are taken, else answers the release for when the upload is over.
   */
  admit(context: ProcedureContext): Promise<() => void>;
  handle(fields: Readonly<Record<string, string>>, context: ProcedureContext): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language of a gateway call once its envelope is open (`__dlang__`, else the headers), so failures after
     * that answer in it too. A request's own field: a WeakMap keyed by every request cost each call more.
     */
    gatewayLanguage: AppLanguage | null;
  }
}

type GatewayFault =
  | FastifyError
  | ProcedureFailure
  | LocalisedFailure
  | EnvelopeError
  | FieldRejected
  | TooManyAttempts
  | RateLimitRejection;

interface RateLimitRejection {
  statusCode: 429;
  retryAfterSeconds: number;
}

function isRateLimitRejection(error: unknown): error is RateLimitRejection {
  return (
    typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 429
  );
}

/** A failure the caller's call or input caused (answered with its own code), as opposed to a fault of ours. */
function isCallerFailure(error: unknown): boolean {
  return (
    error instanceof ProcedureFailure ||
    error instanceof LocalisedFailure ||
    error instanceof FieldRejected ||
    error instanceof EnvelopeError ||
    error instanceof TooManyAttempts
  );
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
  return bodyEnvelopeFields(request.body);
}

/**
 * The public app configuration (contact channels, website, version) stays reachable from a blocked region: the
 * Access Limited screen's "Contact us" needs it, and it carries nothing the restriction protects.
 */
const REGION_EXEMPT_PATHS: ReadonlySet<string> = new Set([`${GATEWAY_BASE_PATH}/v1/appsys_msrv/app_config`]);

export const gatewayPlugin: FastifyPluginAsync<GatewayOptions> = async (gateway, options) => {
  gateway.decorateRequest('gatewayLanguage', null);

  // Set before any route so every route of this scope, the upload included, answers through them.
  gateway.setNotFoundHandler((request, reply) =>
    sendFailure(reply, ErrorCode.NotFound, resolveCallerLanguage(request.headers)),
  );

  gateway.setErrorHandler((error: GatewayFault, request, reply) => {
    const language: AppLanguage = request.gatewayLanguage ?? resolveCallerLanguage(request.headers);
    if (error instanceof EnvelopeError) return sendParameterError(reply, error.field, error.detail, language);
    if (error instanceof FieldRejected) {
      return sendParameterError(reply, error.field, validationMessage(error.messageKey, language), language);
    }
    if (error instanceof TooManyAttempts) return sendRateLimited(reply, error.retryAfterSeconds, language);
    if (error instanceof LocalisedFailure)
      return sendAnswer(reply, error.code, error.render(language), error.data);
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
      if (REGION_EXEMPT_PATHS.has(request.url.split('?', 1)[0] ?? '')) return;
      const country = headerValue(request, header)?.toUpperCase();
      if (country && blocked.has(country))
        return sendRegionRestricted(reply, resolveCallerLanguage(request.headers));
    });
  }

  async function authenticate(
    requirement: AuthRequirement,
    request: FastifyRequest,
  ): Promise<AuthenticatedUser | null> {
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

  /**
   * Verifies the envelope of `fields` and answers the payload and the caller's language. `changesState`: the
   * call is not a read (READ_PROCEDURES), which decides the replay guard's outage policy.
   */
  async function openEnvelope(request: FastifyRequest, fields: EnvelopeFields, changesState: boolean) {
    const payload = await verifyEnvelope(requireEnvelope(fields), fields, {
      appId: options.appId,
      appSecret: options.appSecret,
      windowSeconds: SIGNATURE_WINDOW_SECONDS,
      replayGuard: options.replayGuard,
      changesState,
      ...(options.now ? { now: options.now } : {}),
    });
    const language = resolveCallerLanguage(request.headers, payload.__dlang__);
    // The payload is a fresh object of this call's own; a rest spread would copy it on every call for a field
    // few callers send.
    if ('__dlang__' in payload) delete payload.__dlang__;
    request.gatewayLanguage = language;
    return { payload, language };
  }

  function contextOf(
    request: FastifyRequest,
    language: AppLanguage,
    user: AuthenticatedUser | null,
  ): ProcedureContext {
    return {
      language,
      user,
      ip: request.ip,
      deviceId: headerValue(request, 'DeviceId'),
      userAgent: headerValue(request, 'user-agent') ?? '',
      accessToken: headerValue(request, 'AccessToken'),
      refreshToken: headerValue(request, 'RefreshToken'),
      log: request.log,
    };
  }

  async function handle(
    request: FastifyRequest<{ Params: { service: string; procedure: string } }>,
    reply: FastifyReply,
  ) {
    const name = `${request.params.service}/${request.params.procedure}`;
    if (!isProcedureName(name))
      return sendFailure(reply, ErrorCode.NotFound, resolveCallerLanguage(request.headers));
    const { payload, language } = await openEnvelope(
      request,
      readEnvelopeFields(request),
      !READ_PROCEDURES.has(name),
    );
    const user = await authenticate(procedures[name].auth, request);
    const input: unknown = parsePayload(procedures[name].input, payload, language);
    const context = contextOf(request, language, user);
    const handler = options.handlers[name] as ProcedureHandler<ProcedureName>;
    const endCall = EXPENSIVE_PROCEDURES.has(name)
      ? await options.costBudget.admit(callerCostKeys(user?.userId ?? null, request.ip))
      : null;
    let charged = true;
    try {
      const result = await handler(input as never, context);
      if (result instanceof SharedAnswer) {
        return sendSharedAnswer(reply, result, language, request.headers['accept-encoding']);
      }
      // Sending serialises the answer in this turn, so it is charged too (a large export is most of its cost).
      return result instanceof SuccessWithMessage
        ? sendSuccess(reply, result.data, language, result.messageCode)
        : sendSuccess(reply, result, language);
    } catch (error) {
      // A call that failed on our side (a database timing out or gone) spent its time waiting on us, not on
      // the caller's share of a core; a refusal of the caller's own input is charged like any answer.
      charged = isCallerFailure(error);
      throw error;
    } finally {
      endCall?.(charged);
    }
  }

  const limitWiderNetworks = widerNetworkRateLimit(gateway, options.rateLimitPerMinute);

  gateway.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/v1/:service/:procedure',
    config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
    onRequest: limitWiderNetworks,
    handler: handle,
  });

  await gateway.register(multipart, {
    limits: {
      fieldSize: options.upload.bodyLimit,
      fields: 16,
      files: 1,
      fileSize: 1,
      parts: 16,
      headerPairs: 100,
    },
  });

  /** Fields of a multipart upload; a file part is refused because the image travels as a base64 field. */
  async function readMultipartFields(request: FastifyRequest): Promise<EnvelopeFields> {
    if (!request.isMultipart()) return readEnvelopeFields(request);
    const fields: EnvelopeFields = Object.create(null) as EnvelopeFields;
    for await (const part of request.parts()) {
      if (part.type === 'file')
        throw new EnvelopeError(nameableField(part.fieldname), 'must be a base64 form field, not a file');
      if (part.valueTruncated) throw new PayloadTooLarge(`${part.fieldname} is too large`);
      if (part.fieldname in fields) throw new EnvelopeError(nameableField(part.fieldname), 'repeated field');
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
    return fields;
  }

  gateway.post(
    UPLOAD_PATH,
    {
      bodyLimit: options.upload.bodyLimit,
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
      onRequest: limitWiderNetworks,
    },
    async (request, reply) => {
      // Who is calling and whether they may upload now is known from the headers: refuse before reading up
      // to 8 MB. The signature covers the `file` field, so it can only be checked once the body is in.
      let user: AuthenticatedUser | null;
      let release: () => void;
      try {
        const announced = Number(request.headers['content-length']);
        if (announced > options.upload.bodyLimit) throw new PayloadTooLarge('upload too large');
        user = await authenticate('required', request);
        release = await options.upload.admit(
          contextOf(request, resolveCallerLanguage(request.headers), user),
        );
      } catch (error) {
        // The unread body is not worth draining: the connection ends after this answer.
        void reply.header('connection', 'close');
        throw error;
      }
      try {
        const fields = await readMultipartFields(request);
        const { language } = await openEnvelope(request, fields, true);
        const { signature: _signature, ...uploadFields } = fields;
        const result = await options.upload.handle(uploadFields, contextOf(request, language, user));
        return await sendSuccess(reply, result, language);
      } finally {
        release();
      }
    },
  );
};
