import type {
  GatewayAnswer,
  ProcedureInput,
  ProcedureName,
  ProcedureOutput,
  SessionTokens,
} from '@coinlens/contract';

import type { TestServer } from './test-server.js';

/** What the account helpers need of a server: in this process or another (test/support/server-process.ts). */
export type GatewayServer = Pick<TestServer, 'baseUrl' | 'client'>;

export const DEVICE_ID = 'device-aaaaaaaa';
export const PASSWORD = 'Correct-horse1';

export interface CallAs {
  accessToken?: string;
  refreshToken?: string;
  deviceId?: string;
  ip?: string;
  lang?: string;
}

/** A signed call with the given session headers; answers the whole `{code, msg, data}`. */
export function callAs<P extends ProcedureName>(
  server: GatewayServer,
  procedure: P,
  payload: ProcedureInput<P>,
  as: CallAs = {},
): Promise<GatewayAnswer<ProcedureOutput<P>>> {
  return server.client.request(procedure, payload, {
    headers: {
      AccessToken: as.accessToken,
      RefreshToken: as.refreshToken,
      DeviceId: as.deviceId ?? DEVICE_ID,
      'X-Forwarded-For': as.ip,
      Lang: as.lang,
    },
  });
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

export async function outboxFor(server: GatewayServer, email: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${server.baseUrl}/dev/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits for the newest code mailed to `email` (mail is sent after the answer, so poll briefly). */
export async function latestCode(server: GatewayServer, email: string, known = 0): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const messages = await outboxFor(server, email);
    if (messages.length > known) {
      const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

let addressCounter = 0;

/** A distinct (shared address space) caller address, so per-address limits of one test do not leak into another. */
export function nextTestAddress(): string {
  addressCounter++;
  return `100.64.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

/** Registers `email` through captcha + register and answers its session. */
export async function registerAccount(
  server: GatewayServer,
  email: string,
  password = PASSWORD,
  callerAs: CallAs = {},
): Promise<SessionTokens> {
  const as = { ip: nextTestAddress(), ...callerAs };
  const before = (await outboxFor(server, email)).length;
  const captcha = await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' }, as);
  if (captcha.code !== 0) throw new Error(`captcha failed: ${captcha.code} ${captcha.msg}`);
  const code = await latestCode(server, email, before);
  const answer = await callAs(
    server,
    'user_msrv/register',
    { email, code, password, repeat_password: password, country: 'VN', nickname: 'Satoshi', agreement: true },
    as,
  );
  if (answer.code !== 0) throw new Error(`register failed: ${answer.code} ${answer.msg}`);
  return answer.data;
}
