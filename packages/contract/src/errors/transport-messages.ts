import type { AppLanguage } from '../i18n/languages.js';
import { ErrorCode } from './error-codes.js';
import { ERROR_MESSAGES } from './error-messages.js';
import type { LocalisedText } from '../i18n/localised-text.js';

/** The non-200 answers of the gateway (413, 451, 429, 404, 414, 431, 400; decisions D20 and D21). */
export const TRANSPORT_MESSAGE_KINDS = [
  'payload_too_large',
  'region_restricted',
  'rate_limited',
  'not_found',
  'uri_too_long',
  'headers_too_large',
  'bad_request',
] as const;
export type TransportMessageKind = (typeof TRANSPORT_MESSAGE_KINDS)[number];

const TRANSPORT_MESSAGES: Readonly<Record<TransportMessageKind, LocalisedText>> = {
  payload_too_large: {
    en: 'Request too large',
    vi: 'Yêu cầu quá lớn',
    'zh-Hans': '请求内容过大',
  },
  region_restricted: {
    en: 'Service unavailable in your region',
    vi: 'Dịch vụ không khả dụng tại khu vực của bạn',
    'zh-Hans': '您所在的地区暂不提供服务',
  },
  rate_limited: ERROR_MESSAGES[ErrorCode.TooFrequent],
  not_found: {
    en: 'The requested resource does not exist',
    vi: 'Tài nguyên được yêu cầu không tồn tại',
    'zh-Hans': '请求的资源不存在',
  },
  uri_too_long: {
    en: 'Request address too long',
    vi: 'Địa chỉ yêu cầu quá dài',
    'zh-Hans': '请求地址过长',
  },
  headers_too_large: {
    en: 'Request headers too large',
    vi: 'Phần đầu yêu cầu quá lớn',
    'zh-Hans': '请求头过大',
  },
  bad_request: {
    en: 'Malformed request',
    vi: 'Yêu cầu không hợp lệ',
    'zh-Hans': '请求格式错误',
  },
};

export function transportMessage(kind: TransportMessageKind, lang: AppLanguage): string {
  return TRANSPORT_MESSAGES[kind][lang];
}
