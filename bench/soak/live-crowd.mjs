// WebSocket side of the soak: a crowd of ordinary live clients, and the abusive anonymous socket of issue 24
// finding 1 (rounds of 20 subscribe messages of 120 distinct list topics, again and again, reconnecting when
// closed). The crowd's troubles are errors; whatever the server does to the abuser is counted apart.
import { COIN_SORT_KEYS } from '@coinlens/contract';
import { WebSocket } from 'ws';

import { ABUSIVE_SOCKET, abusiveListTopics } from '../support.mjs';

/** Frames open with their send time; reading just that keeps the generator light (as in ws-fanout). */
const SEND_TIME = /^\{"t":(\d+),/;
const ERROR_CODE = /"type":"error","code":(\d+)/g;

/** What the three kinds of screen subscribe to: the Markets tab, a coin page, the top-20 list of the benches. */
function crowdTopics(index, coinIds) {
  switch (index % 3) {
    case 0:
      return ['global', ...coinIds.slice(0, 15).map((id) => `coin:${id}`)];
    case 1:
      return ['global', `coin:${coinIds[index % coinIds.length]}`];
    default:
      return ['list:rank:asc:1:20', 'global'];
  }
}

/**
 * Loopback source address of client `index` when `perAddress` clients share one (127.0.1.0, 127.0.1.1, …):
 * Linux answers the whole 127/8 on loopback, so each group reaches the server from its own address, as distinct
 * visitors would, without any proxy header. null: all from 127.0.0.1.
 */
function sourceAddress(index, perAddress) {
  if (!perAddress) return null;
  const group = Math.floor(index / perAddress);
  return `127.${1 + Math.floor(group / 65_536)}.${Math.floor(group / 256) % 256}.${group % 256}`;
}

function count(counts, key) {
  counts[key] = (counts[key] ?? 0) + 1;
}

/**
 * Opens `clients` live clients on `port`, subscribed to typical topics of `coinIds`; resolves once all opened
 * or failed (or after `openTimeoutMs`). `stats` holds the live counts; `close()` ends them, which is not an error.
 */
export async function connectCrowd({ port, clients, coinIds, perAddress, openTimeoutMs = 60_000 }) {
  const stats = {
    clients,
    opened: 0,
    /** Clients that failed to open, were closed by the server, hit a socket error or got an error frame. */
    clientsInTrouble: 0,
    failedToOpen: {},
    closedByServer: {},
    socketErrors: {},
    errorFrames: 0,
    errorFrameSample: null,
    frames: 0,
    bytes: 0,
    /** Receive time − send time of every frame while measuring. */
    deliveryMs: [],
    addresses: perAddress ? Math.ceil(clients / perAddress) : 1,
  };
  const sockets = [];
  let closing = false;
  let measuring = false;
  let settled = 0;
  for (let index = 0; index < clients; index++) {
    const localAddress = sourceAddress(index, perAddress);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/gwapi/ws`, {
      perMessageDeflate: false,
      ...(localAddress ? { localAddress } : {}),
    });
    let opened = false;
    let failed = false;
    let inTrouble = false;
    const trouble = () => {
      if (inTrouble) return;
      inTrouble = true;
      stats.clientsInTrouble++;
    };
    const failToOpen = (reason) => {
      if (failed || closing) return;
      failed = true;
      settled++;
      trouble();
      count(stats.failedToOpen, reason);
    };
    sockets.push(socket);
    socket.on('open', () => {
      opened = true;
      stats.opened++;
      settled++;
      socket.send(JSON.stringify({ op: 'subscribe', topics: crowdTopics(index, coinIds) }));
    });
    socket.on('unexpected-response', (_request, response) => {
      failToOpen(`http ${response.statusCode}`);
      socket.terminate();
    });
    socket.on('message', (data) => {
      stats.frames++;
      stats.bytes += data.length;
      const text = data.toString();
      if (text.includes('"type":"error"')) {
        stats.errorFrames++;
        stats.errorFrameSample ??= text.slice(0, 200);
        trouble();
      }
      const sentAt = measuring ? SEND_TIME.exec(text)?.[1] : undefined;
      if (sentAt !== undefined) stats.deliveryMs.push(Date.now() - Number(sentAt));
    });
    socket.on('error', (error) => {
      if (closing) return;
      if (!opened) return failToOpen(error.code ?? error.message);
      count(stats.socketErrors, error.code ?? error.message);
      trouble();
    });
    socket.on('close', (code) => {
      if (closing) return;
      if (!opened) return failToOpen(`closed ${code}`);
      count(stats.closedByServer, String(code));
      trouble();
    });
    // Connect in bursts, as ws-fanout does, so the accept queue never overflows.
    if (index % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const deadline = Date.now() + openTimeoutMs;
  while (settled < clients && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    stats,
    startMeasuring: () => (measuring = true),
    stopMeasuring: () => (measuring = false),
    close: () => {
      closing = true;
      for (const socket of sockets) socket.terminate();
    },
  };
}

/**
 * The abusive socket: anonymous, from 127.0.0.1; on open and then every `roundMs` it sends the 20 subscribe
 * messages of 120 list topics of bench:ws-abuse, fresh topics in every message. Closed by the server, it reconnects
 * after a second. `stats` counts what it sent, the error frames it got back by code and how it was closed
 * (1008: closed for policy).
 */
export function startAbusiveSocket({ port, roundMs = 1_000 }) {
  const stats = {
    connections: 0,
    rounds: 0,
    messagesSent: 0,
    topicsSent: 0,
    framesReceived: 0,
    bytesReceived: 0,
    errorFrames: 0,
    /** Error events by catalogue code (3009 topics over the cap, 802009 too many messages, …). */
    errorCodes: {},
    closes: {},
    failedToOpen: {},
  };
  let next = 0;
  let stopped = false;
  let socket = null;
  let timer = null;
  const round = () => {
    if (stopped || socket?.readyState !== WebSocket.OPEN) return;
    stats.rounds++;
    for (let message = 0; message < ABUSIVE_SOCKET.messages; message++) {
      const topics = abusiveListTopics(COIN_SORT_KEYS, next++);
      socket.send(JSON.stringify({ op: 'subscribe', topics }));
      stats.messagesSent++;
      stats.topicsSent += topics.length;
    }
  };
  const connect = () => {
    if (stopped) return;
    let opened = false;
    socket = new WebSocket(`ws://127.0.0.1:${port}/gwapi/ws`, { perMessageDeflate: false });
    socket.on('open', () => {
      opened = true;
      stats.connections++;
      round();
    });
    socket.on('message', (data) => {
      stats.framesReceived++;
      stats.bytesReceived += data.length;
      const text = data.toString();
      if (!text.includes('"type":"error"')) return;
      stats.errorFrames++;
      for (const [, code] of text.matchAll(ERROR_CODE)) count(stats.errorCodes, code);
    });
    socket.on('error', (error) => {
      if (!opened && !stopped) count(stats.failedToOpen, error.code ?? error.message);
    });
    socket.on('close', (code) => {
      if (stopped) return;
      if (opened) count(stats.closes, String(code));
      setTimeout(connect, 1_000);
    });
  };
  connect();
  timer = setInterval(round, roundMs);
  return {
    stats,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      socket?.terminate();
    },
  };
}
