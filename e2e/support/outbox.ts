/** The dev outbox of a server started without SMTP_URL (loopback only): `GET /dev/outbox.json?to=`. */
interface OutboxAnswer {
  messages: { text: string }[];
}

const CODE = /\b(\d{6})\b/;

/** Polls the outbox for the newest mail to `email` carrying a 6-digit code, and answers the code. */
export async function readEmailCode(baseUrl: string, email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/outbox.json?to=${encodeURIComponent(email)}`);
    if (response.ok) {
      const { messages } = (await response.json()) as OutboxAnswer;
      const code = messages[0] ? CODE.exec(messages[0].text)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email code for ${email} within ${timeoutMs} ms`);
}
