import type { PushMessage } from '../push-message.js';
import type { PushSendResult, PushSender, PushSubscriptionKeys, PushUrgency } from '../web-push-sender.js';

/** One push a {@link RecordingPushSender} was asked to send. */
export interface RecordedPush {
  endpoint: string;
  message: PushMessage;
  urgency: PushUrgency;
}

/** How the fake push service answers a push to `endpoint`; may stay pending to play a hanging endpoint. */
export type PushAnswer = (endpoint: string) => PushSendResult | Promise<PushSendResult>;

const ACCEPTED: PushSendResult = { kind: 'sent', status: 201 };

/**
 * A sender that never touches the network: it records every push it is asked for (when asked, not when answered)
 * and how many were in flight at once, and answers as the test says (accepted by default).
 */
export class RecordingPushSender implements PushSender {
  readonly sent: RecordedPush[] = [];
  #inFlight = 0;
  #maxInFlight = 0;
  #answer: PushAnswer = () => ACCEPTED;

  /** The most pushes that were awaiting an answer at the same moment. */
  get maxInFlight(): number {
    return this.#maxInFlight;
  }

  answerWith(answer: PushAnswer): void {
    this.#answer = answer;
  }

  /** Every push asked for `endpoint`, optionally only those whose title is `title`. */
  to(endpoint: string, title?: string): RecordedPush[] {
    return this.sent.filter(
      (push) => push.endpoint === endpoint && (title === undefined || push.message.title === title),
    );
  }

  async send(
    subscription: PushSubscriptionKeys,
    message: PushMessage,
    urgency: PushUrgency = 'normal',
  ): Promise<PushSendResult> {
    this.sent.push({ endpoint: subscription.endpoint, message, urgency });
    this.#inFlight += 1;
    this.#maxInFlight = Math.max(this.#maxInFlight, this.#inFlight);
    try {
      return await this.#answer(subscription.endpoint);
    } finally {
      this.#inFlight -= 1;
    }
  }
}
