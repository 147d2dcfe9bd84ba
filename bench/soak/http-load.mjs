// HTTP load of the soak: one signed gateway call over keep-alive connections, timed one at a time (the unloaded
// latency) or at a fixed arrival rate (open loop). In the open loop every call's latency runs from the time it
// was scheduled, not the time a free connection took it, so a server that falls behind shows it in full instead
// of slowing the load down and hiding the wait (coordinated omission).
// The client speaks HTTP/1.1 over plain sockets: node:http costs several times more per call, and on the one
// core the generator has it could not send the 8,000 calls a second that 80 % of the server's maximum can be.
import { connect } from 'node:net';

import { signedBody } from '../support.mjs';

/** The answer code at the start of a gateway envelope (`{"code":0,…`). */
const ENVELOPE_CODE = /"code":(-?\d+)/;
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/**
 * One keep-alive connection making one call at a time: `send(bytes, done)` writes a request and calls
 * `done(error)` once the answer is in (null for a 200 whose envelope says code 0, else a short reason).
 * `onClosed` hears when the connection is gone (the server closed it, a timeout, an error).
 */
function keepAliveConnection(port, onClosed) {
  const socket = connect({ host: '127.0.0.1', port, noDelay: true });
  let done = null;
  let head = null; // the answer's bytes until its headers are complete
  let status = 0;
  let remaining = 0;
  let bodyStart = '';
  let lastError = null;
  const finish = (error) => {
    const callback = done;
    done = null;
    head = null;
    remaining = 0;
    callback?.(error);
  };
  socket.on('data', (chunk) => {
    if (!done) return socket.destroy(); // nothing was asked
    let body = chunk;
    if (head !== null || remaining === 0) {
      head = head ? Buffer.concat([head, chunk]) : chunk;
      const end = head.indexOf(HEADER_END);
      if (end < 0) return;
      const headers = head.toString('latin1', 0, end);
      status = Number(headers.slice(9, 12));
      const length = CONTENT_LENGTH.exec(headers)?.[1];
      if (length === undefined) return socket.destroy(new Error(`http ${status} without content-length`));
      remaining = Number(length);
      body = head.subarray(end + HEADER_END.length);
      head = null;
      bodyStart = '';
    }
    if (bodyStart.length < 64) bodyStart += body.toString('latin1', 0, 64);
    remaining -= body.length;
    if (remaining > 0) return;
    if (remaining < 0) return socket.destroy(new Error('more bytes than one answer'));
    if (status !== 200) return finish(`http ${status}`);
    const code = ENVELOPE_CODE.exec(bodyStart)?.[1];
    finish(code === '0' ? null : `code ${code ?? 'missing'}`);
  });
  socket.on('error', (error) => (lastError = error.code ?? error.message));
  socket.on('close', () => {
    connection.closed = true;
    finish(lastError ?? 'connection closed');
    onClosed(connection);
  });
  const connection = {
    closed: false,
    send(bytes, callback) {
      done = callback;
      socket.write(bytes);
    },
    close: (reason) => socket.destroy(reason ? new Error(reason) : undefined),
  };
  return connection;
}

/**
 * A function making one signed call of `procedure` with `payload` and resolving to its outcome: `{ error }` with
 * null for a 200 whose envelope says code 0, else a short reason (`http 503`, `code 50500`, `ECONNRESET`,
 * `timeout`: no answer `timeoutMs` after it was written). At most `connections` calls are in flight; more wait
 * in order for a free connection.
 */
export function gatewayCaller(port, procedure, payload, { connections, timeoutMs }) {
  const pool = new Set();
  const idle = [];
  let closing = false;
  const waiting = [];
  let next = 0; // waiting[next] is the oldest call without a connection
  const request = () => {
    const body = signedBody(payload);
    return (
      `POST /gwapi/v1/${procedure} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    );
  };
  const takeWaiting = () => {
    if (next === waiting.length) return undefined;
    const resolve = waiting[next];
    waiting[next++] = undefined;
    if (next > 4_096 && next * 2 > waiting.length) {
      waiting.splice(0, next);
      next = 0;
    }
    return resolve;
  };
  /** Gives the connection the oldest waiting call, or puts it among the idle ones. */
  const serve = (connection) => {
    const resolve = takeWaiting();
    if (!resolve) return void idle.push(connection);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      connection.close('timeout');
    }, timeoutMs);
    connection.send(request(), (error) => {
      clearTimeout(timer);
      resolve({ error: timedOut ? 'timeout' : error });
      if (!connection.closed) serve(connection);
    });
  };
  const open = () => {
    const connection = keepAliveConnection(port, (closed) => {
      pool.delete(closed);
      const at = idle.indexOf(closed);
      if (at >= 0) idle.splice(at, 1);
      if (!closing && next < waiting.length) open(); // calls still waiting get a fresh connection
    });
    pool.add(connection);
    serve(connection);
  };
  const call = () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      if (idle.length > 0) serve(idle.pop());
      else if (pool.size < connections) open();
    });
  return {
    call,
    close: () => {
      closing = true;
      for (const connection of pool) connection.close();
    },
  };
}

/** Counts of each error reason. */
function tally(errors, reason) {
  errors[reason] = (errors[reason] ?? 0) + 1;
}

/** Latencies in ms of `call` made one at a time for `seconds`, sorted; and the errors by reason. */
export async function sequentialLatencies(call, seconds) {
  const latencies = [];
  const errors = {};
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const startedAt = performance.now();
    const { error } = await call();
    latencies.push(performance.now() - startedAt);
    if (error) tally(errors, error);
  }
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

/**
 * Calls `call` `rate` times a second for `seconds`, each at its scheduled time, whatever the earlier calls are
 * doing. Returns, per call, when it was scheduled and its latency from then (ms since the start; typed arrays:
 * ten minutes at thousands a second), how late the generator sent it, and the errors by reason. A call still
 * unanswered `timeoutMs` after the schedule ends is an error (`no answer`) with its wait so far as latency.
 * `cancelled()` ends the schedule early.
 */
export async function openLoop(call, rate, seconds, { timeoutMs, cancelled = () => false }) {
  const total = Math.floor(rate * seconds);
  const scheduledAt = new Float64Array(total);
  const latencies = new Float64Array(total);
  const lateness = new Float64Array(total);
  const answered = new Uint8Array(total);
  const errors = {};
  let sent = 0;
  let done = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const fire = () => {
      const now = performance.now();
      while (sent < total && started + (sent * 1000) / rate <= now && !cancelled()) {
        const index = sent++;
        const due = (index * 1000) / rate;
        scheduledAt[index] = due;
        lateness[index] = now - started - due;
        void call().then(({ error }) => {
          latencies[index] = performance.now() - started - due;
          answered[index] = 1;
          if (error) tally(errors, error);
          done++;
        });
      }
      if (sent < total && !cancelled()) setTimeout(fire, 1);
      else resolve();
    };
    fire();
  });
  const scheduleSeconds = (performance.now() - started) / 1000;
  const deadline = performance.now() + timeoutMs;
  while (done < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const now = performance.now();
  for (let index = 0; index < sent; index++) {
    if (answered[index]) continue;
    latencies[index] = now - started - scheduledAt[index];
    tally(errors, 'no answer');
  }
  return {
    sent,
    /** From the first call to the last one sent (the wait for the last answers left out). */
    scheduleSeconds,
    scheduledAt: scheduledAt.subarray(0, sent),
    latencies: latencies.subarray(0, sent),
    lateness: lateness.subarray(0, sent),
    errors,
  };
}
