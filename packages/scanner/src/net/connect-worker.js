// @ts-check
// A worker thread that runs chunks of TCP connect attempts for the scan scheduler (src/net/connect-pool.ts), so that
// port sweeps use every core. Plain JavaScript (its one import of ours, lag-clock.js, too): a worker starts without the
// TypeScript loader.
import { isIPv6, Socket } from 'node:net';
import { getSystemErrorName } from 'node:util';
import { parentPort } from 'node:worker_threads';
import { LagClock } from './lag-clock.js';

/** Outcome codes sent back, one byte per port. */
const OPEN = 0;
const CLOSED = 1;
const FILTERED = 2;
const LOCAL_ERROR = 3;
const LOCAL = new Set(['EMFILE', 'ENFILE', 'EADDRNOTAVAIL', 'ENOBUFS', 'EADDRINUSE', 'ENOMEM']);
const SWEEP_MS = 10;

/** @type {any} Node's internal tcp_wrap binding; see docs/decisions/0002-raw-tcp-handles.md. */
let binding;
if (process.env.BULWARK_SCAN_SOCKETS !== 'stream') {
  try {
    binding = /** @type {any} */ (process).binding('tcp_wrap');
    if (typeof binding?.TCP !== 'function' || typeof binding?.TCPConnectWrap !== 'function') binding = undefined;
  } catch {
    binding = undefined;
  }
}

/**
 * @typedef {{ deadline: number, close: () => void, done: (state: number, rtt: number, code: string) => void, finished: boolean }} Attempt
 */
/** @type {Set<Attempt>} */
const inFlight = new Set();
/** The attempts of each chunk in flight, by chunk id (an abort names the chunks of one scan). */
/** @type {Map<number, Set<Attempt>>} */
const byChunk = new Map();
/** @type {NodeJS.Timeout | undefined} */
let sweeper;
/** Deadlines on engine time (see lag-clock.js): a stalled worker loop never turns a late-seen answer into a timeout. */
const clock = new LagClock(() => performance.now(), SWEEP_MS);
let expiring = false;

function sweep() {
  const now = clock.tick();
  if (expiring) return;
  let due = false;
  for (const attempt of inFlight) if (attempt.deadline <= now) due = true;
  if (due) {
    // Decided after the poll phase, so connects that completed while this loop was busy are answers first.
    expiring = true;
    setImmediate(() => {
      expiring = false;
      for (const attempt of [...inFlight]) if (attempt.deadline <= now) attempt.done(FILTERED, 0, 'TIMEOUT');
      stopIdle();
    });
  }
  stopIdle();
}

function stopIdle() {
  if (inFlight.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/**
 * @param {string} address
 * @param {number} port
 * @param {number} timeoutMs
 * @param {(state: number, rtt: number, code: string) => void} report
 * @returns {Attempt}
 */
function connect(address, port, timeoutMs, report) {
  const started = performance.now();
  /** @type {Attempt} */
  const attempt = {
    deadline: clock.time() + timeoutMs,
    close: () => undefined,
    finished: false,
    done: (state, rtt, code) => {
      if (attempt.finished) return;
      attempt.finished = true;
      inFlight.delete(attempt);
      if (state !== OPEN) attempt.close();
      report(state, rtt, code);
    },
  };
  /** @param {string} code */
  const failed = (code) => {
    const rtt = performance.now() - started;
    if (code === 'ECONNREFUSED') attempt.done(CLOSED, rtt, code);
    else attempt.done(LOCAL.has(code) ? LOCAL_ERROR : FILTERED, 0, code);
  };
  inFlight.add(attempt);
  if (binding) {
    const handle = new binding.TCP(binding.constants.SOCKET);
    let closed = false;
    attempt.close = () => {
      if (closed) return;
      closed = true;
      handle.close();
    };
    const req = new binding.TCPConnectWrap();
    req.address = address;
    req.port = port;
    /** @param {number} status */
    req.oncomplete = (status) => {
      if (attempt.finished) return;
      if (status === 0) {
        closed = true;
        if (handle.reset(() => undefined) !== 0) handle.close();
        attempt.done(OPEN, performance.now() - started, '');
      } else failed(getSystemErrorName(status));
    };
    const err = isIPv6(address) ? handle.connect6(req, address, port) : handle.connect(req, address, port);
    if (err !== 0) failed(getSystemErrorName(err));
  } else {
    const socket = new Socket();
    attempt.close = () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
    };
    socket.once('connect', () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.resetAndDestroy();
      attempt.done(OPEN, performance.now() - started, '');
    });
    socket.once('error', (/** @type {NodeJS.ErrnoException} */ err) => failed(err.code ?? 'UNKNOWN'));
    socket.connect({ host: address, port });
  }
  if (!attempt.finished && !sweeper) {
    clock.resume();
    sweeper = setInterval(sweep, SWEEP_MS);
  }
  return attempt;
}

/**
 * Messages in: {type: 'chunk', id, address, ports, timeoutMs} and {type: 'abort', ids?} (the chunks of one scan, or all).
 * Message out per chunk, once every port has an outcome: {id, states: Uint8Array, rtts: Float64Array, codes}.
 */
parentPort?.on('message', (/** @type {any} */ msg) => {
  if (msg.type === 'abort') {
    // The chunks of one scan (ids), or every chunk; their replies are not sent (the scan already counts them aborted).
    const chunks = Array.isArray(msg.ids) ? msg.ids : [...byChunk.keys()];
    for (const id of chunks) {
      for (const attempt of byChunk.get(id) ?? []) {
        attempt.finished = true;
        attempt.close();
        inFlight.delete(attempt);
      }
      byChunk.delete(id);
    }
    stopIdle();
    return;
  }
  /** @type {{ id: number, address: string, ports: number[], timeoutMs: number }} */
  const chunk = msg;
  const n = chunk.ports.length;
  const states = new Uint8Array(n);
  const rtts = new Float64Array(n);
  /** @type {string[]} */
  const codes = new Array(n).fill('');
  /** @type {Set<Attempt>} */
  const attempts = new Set();
  byChunk.set(chunk.id, attempts);
  let left = n;
  for (let i = 0; i < n; i++) {
    const attempt = connect(chunk.address, chunk.ports[i], chunk.timeoutMs, (state, rtt, code) => {
      states[i] = state;
      rtts[i] = rtt;
      codes[i] = code;
      if (--left === 0) {
        byChunk.delete(chunk.id);
        parentPort?.postMessage({ id: chunk.id, states, rtts, codes }, [states.buffer, rtts.buffer]);
      }
    });
    if (!attempt.finished) attempts.add(attempt);
  }
});
