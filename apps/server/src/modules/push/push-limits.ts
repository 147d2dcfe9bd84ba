/**
 * Bounds on push subscriptions and delivery (issue 24, finding 6). docs/abuse-and-outages.md §6 says why each
 * value.
 */

/** Registrations counted per caller address and per device id in one sliding window. */
export const PUSH_REGISTRATION_WINDOW_MS = 60 * 60_000;
/** Per address: room for a shared carrier or office address (many users behind one address) enabling push. */
export const PUSH_REGISTRATIONS_PER_ADDRESS = 30;
/** Per device: the web client's three attempts, twice over (switching push off and on again). */
export const PUSH_REGISTRATIONS_PER_DEVICE = 6;

/** A subscription is deleted once it has failed this many deliveries in a row… */
export const PRUNE_AFTER_FAILURES = 3;
/** …over at least this long: a push service outage of some hours must not wipe every subscription. */
export const PRUNE_AFTER_FAILING_MS = 24 * 60 * 60_000;

/** Pushes in flight at once per delivery, so one slow endpoint cannot serialize a broadcast. */
export const DELIVERY_CONCURRENCY = 16;
