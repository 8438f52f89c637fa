// @ts-check
// A worker thread that runs chunks of TCP connect probes for the scan scheduler (src/net/connect-pool.ts), so that
// port sweeps use every core. Plain JavaScript with no imports of ours: a worker starts without the TypeScript loader.
import { isIPv6, Socket } from 'node:net';
import { getSystemErrorName } from 'node:util';
import { parentPort } from 'node:worker_threads';

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

/** @typedef {{ deadline: number, close: () => void, done: (state: number, rtt: number, code: string) => void, finished: boolean }} Probe */
/** @type {Set<Probe>} */
const inFlight = new Set();
/** @type {NodeJS.Timeout | undefined} */
let sweeper;

function sweep() {
  const now = performance.now();
  for (const probe of inFlight) if (probe.deadline <= now) probe.done(FILTERED, 0, 'TIMEOUT');
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
 */
function connect(address, port, timeoutMs, report) {
  const started = performance.now();
  /** @type {Probe} */
  const probe = {
    deadline: started + timeoutMs,
    close: () => undefined,
    finished: false,
    done: (state, rtt, code) => {
      if (probe.finished) return;
      probe.finished = true;
      inFlight.delete(probe);
      if (state !== OPEN) probe.close();
      report(state, rtt, code);
    },
  };
  /** @param {string} code */
  const failed = (code) => {
    const rtt = performance.now() - started;
    if (code === 'ECONNREFUSED') probe.done(CLOSED, rtt, code);
    else probe.done(LOCAL.has(code) ? LOCAL_ERROR : FILTERED, 0, code);
  };
  inFlight.add(probe);
  if (binding) {
    const handle = new binding.TCP(binding.constants.SOCKET);
    let closed = false;
    probe.close = () => {
      if (closed) return;
      closed = true;
      handle.close();
    };
    const req = new binding.TCPConnectWrap();
    req.address = address;
    req.port = port;
    /** @param {number} status */
    req.oncomplete = (status) => {
      if (probe.finished) return;
      if (status === 0) {
        closed = true;
        if (handle.reset(() => undefined) !== 0) handle.close();
        probe.done(OPEN, performance.now() - started, '');
      } else failed(getSystemErrorName(status));
    };
    const err = isIPv6(address) ? handle.connect6(req, address, port) : handle.connect(req, address, port);
    if (err !== 0) failed(getSystemErrorName(err));
  } else {
    const socket = new Socket();
    probe.close = () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
    };
    socket.once('connect', () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.resetAndDestroy();
      probe.done(OPEN, performance.now() - started, '');
    });
    socket.once('error', (/** @type {NodeJS.ErrnoException} */ err) => failed(err.code ?? 'UNKNOWN'));
    socket.connect({ host: address, port });
  }
  if (!probe.finished && !sweeper) sweeper = setInterval(sweep, SWEEP_MS);
}

/**
 * Messages in: {type: 'chunk', id, address, ports, timeoutMs} and {type: 'abort'}.
 * Message out per chunk, once every port has an outcome: {id, states: Uint8Array, rtts: Float64Array, codes}.
 */
parentPort?.on('message', (/** @type {any} */ msg) => {
  if (msg.type === 'abort') {
    for (const probe of [...inFlight]) {
      probe.finished = true;
      probe.close();
    }
    inFlight.clear();
    return;
  }
  /** @type {{ id: number, address: string, ports: number[], timeoutMs: number }} */
  const chunk = msg;
  const n = chunk.ports.length;
  const states = new Uint8Array(n);
  const rtts = new Float64Array(n);
  /** @type {string[]} */
  const codes = new Array(n).fill('');
  let left = n;
  for (let i = 0; i < n; i++) {
    connect(chunk.address, chunk.ports[i], chunk.timeoutMs, (state, rtt, code) => {
      states[i] = state;
      rtts[i] = rtt;
      codes[i] = code;
      if (--left === 0) parentPort?.postMessage({ id: chunk.id, states, rtts, codes }, [states.buffer, rtts.buffer]);
    });
  }
});
