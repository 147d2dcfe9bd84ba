import { GatewayHeader, matchAcceptLanguage, matchLanguageTag } from '@coinlens/contract';
import type { AppLanguage } from '@coinlens/contract';

type HeaderValue = string | string[] | undefined;

function firstValue(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The language of `msg` (decision D15): payload `__dlang__`, else the `Lang` header, else Accept-Language, else en. */
export function resolveCallerLanguage(
  headers: Readonly<Record<string, HeaderValue>>,
  payloadLanguage?: unknown,
): AppLanguage {
  const fromPayload = typeof payloadLanguage === 'string' ? matchLanguageTag(payloadLanguage) : null;
  return (
    fromPayload ??
    matchLanguageTag(firstValue(headers[GatewayHeader.language.toLowerCase()])) ??
    matchAcceptLanguage(firstValue(headers['accept-language'])) ??
    'en'
  );
}
