/** What a notification opens when tapped; the web app's service worker routes on it. */
export const PUSH_TYPES = ['message', 'coin', 'news', 'exchange', 'url', 'tab', 'page'] as const;

/** One of {@link PUSH_TYPES}. */
export type PushType = (typeof PUSH_TYPES)[number];

/** Routing data for the notification's target; which fields matter depends on the {@link PushType}. */
export interface PushExtras {
  pageType?: string;
  path?: string;
  information_id?: string;
  newsId?: string;
  newsType?: string;
  coinId?: string;
  symbol?: string;
  exchange_id?: string;
  url?: string;
  tab?: string;
}

/** A notification as the service worker receives it. */
export interface PushMessage {
  title: string;
  body: string;
  type: PushType;
  extras: PushExtras;
}

/** Largest accepted plaintext; push services take about 4 KB after encryption overhead. */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;

// A Record keyed by keyof PushExtras makes the compiler flag a field added to the interface but not here.
const EXTRA_KEYS: Record<keyof PushExtras, true> = {
  pageType: true,
  path: true,
  information_id: true,
  newsId: true,
  newsType: true,
  coinId: true,
  symbol: true,
  exchange_id: true,
  url: true,
  tab: true,
};

/** Encodes the message as the JSON push payload `{title, body, data: {type, ...extras}}`; throws when invalid or too large. */
export function encodePushPayload(message: PushMessage): string {
  if (!(PUSH_TYPES as readonly string[]).includes(message.type)) {
    throw new TypeError(`Unknown push type: ${String(message.type)}`);
  }
  const data: Record<string, string> = { type: message.type };
  for (const key of Object.keys(EXTRA_KEYS) as (keyof PushExtras)[]) {
    const value = message.extras[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`Push extra ${key} must be a string`);
    data[key] = value;
  }
  if (data.url !== undefined) assertHttpUrl(data.url);

  const payload = JSON.stringify({ title: message.title, body: message.body, data });
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_PUSH_PAYLOAD_BYTES) {
    throw new RangeError(`Push payload is ${bytes} bytes, the limit is ${MAX_PUSH_PAYLOAD_BYTES}`);
  }
  return payload;
}

// The service worker opens this URL; anything but http(s) (javascript:, data:) would be a script injection vector.
function assertHttpUrl(value: string): void {
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new TypeError('Push extra url is not a valid URL');
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new TypeError(`Push extra url must be http(s), got ${protocol}`);
  }
}
