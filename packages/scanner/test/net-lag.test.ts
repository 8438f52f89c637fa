// Lag-aware connect deadlines: engine time stops while the event loop is stalled (a fake clock drives the rules), and a
// real connect whose answer arrived while the loop was blocked is an answer, not a timeout.
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Connector } from '../src/net/connector.ts';
import { LagClock, LAG_SLACK_MS } from '../src/net/lag-clock.js';
import type { TcpConnectOutcome } from '../src/net/tcp.ts';
import { queryUdp } from '../src/net/udp.ts';
import { Servers } from './net-helpers.ts';

class FakeClock {
  now = 1000;
  readonly read = (): number => this.now;
}

describe('LagClock', () => {
  it('follows the wall clock while ticks come on time, jitter under the slack included', () => {
    const wall = new FakeClock();
    const clock = new LagClock(wall.read, 10);
    for (let i = 0; i < 100; i++) {
      wall.now += 10 + (i % 2 === 0 ? LAG_SLACK_MS : 0);
      clock.tick();
    }
    expect(clock.lagMs).toBe(0);
    expect(clock.time()).toBe(wall.now);
  });

  it('does not count a stall of the loop towards a deadline', () => {
    const wall = new FakeClock();
    const clock = new LagClock(wall.read, 10);
    const deadline = clock.time() + 100; // an attempt with a 100 ms timeout
    // The loop is blocked for 500 ms: the next tick comes 490 ms late.
    wall.now += 500;
    const afterStall = clock.tick();
    expect(clock.lagMs).toBe(490);
    expect(clock.worstMs).toBe(490);
    expect(afterStall).toBeLessThan(deadline);
    // Then the loop is free again: the deadline passes after 100 ms of engine time in all.
    let now = afterStall;
    let ticks = 0;
    while (now < deadline) {
      wall.now += 10;
      now = clock.tick();
      ticks++;
    }
    expect(ticks).toBe(9);
    expect(wall.now - 1000).toBe(590);
  });

  it('adds every stall, and an idle spell before resume() is not one', () => {
    const wall = new FakeClock();
    const clock = new LagClock(wall.read, 10);
    wall.now += 110;
    clock.tick();
    wall.now += 60;
    clock.tick();
    expect(clock.lagMs).toBe(150);
    expect(clock.worstMs).toBe(100);
    wall.now += 5000; // no attempt in flight: the sweep was stopped
    clock.resume();
    wall.now += 10;
    clock.tick();
    expect(clock.lagMs).toBe(150);
    expect(clock.time()).toBe(wall.now - 150);
  });
});

const servers = new Servers();

/** Continues in the check phase of the event loop: what a block does there is followed by the timers, then I/O. */
const checkPhase = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a callback that holds the event loop, as a big JSON copy or a loaded machine does
  }
}

describe('Connector under a stalled event loop', () => {
  it('sees answers that arrived while the loop was blocked past their deadline as answers', async () => {
    await servers.listen('127.0.0.71', 47711);
    try {
      for (const kind of ['handle', 'stream'] as const) {
        const connector = new Connector({ kind });
        await checkPhase();
        const outcomes: Promise<TcpConnectOutcome>[] = [];
        for (const port of [47711, 47712]) outcomes.push(new Promise((resolve) => connector.connect('127.0.0.71', port, 50, resolve)));
        block(300); // six times the timeout, before the loop could see either answer
        const [open, closed] = await Promise.all(outcomes);
        expect(open.state, kind).toBe('open');
        expect(closed.state, kind).toBe('closed');
        // The sweep ticked first (timers run before I/O) and measured the stall instead of timing the attempts out.
        expect(connector.clock.lagMs, kind).toBeGreaterThan(200);
      }
    } finally {
      await servers.close();
    }
  });
});

/** A UDP echo server in its own process, answering after 100 ms: the answer comes while this process's loop is blocked. */
async function udpEcho(host: string, port: number): Promise<ChildProcess> {
  const code = [
    'import socket, time',
    's = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)',
    `s.bind(("${host}", ${port}))`,
    'print("ready", flush=True)',
    'while True:',
    '    data, peer = s.recvfrom(2048)',
    '    time.sleep(0.1)',
    '    s.sendto(data, peer)',
  ].join('\n');
  const child = spawn('python3', ['-c', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve());
  });
  return child;
}

describe('UDP under a stalled event loop', () => {
  it('reads a reply that came while the loop was blocked past the wait', async () => {
    const echo = await udpEcho('127.0.0.73', 47731);
    try {
      const pending = queryUdp('127.0.0.73', 47731, { timeoutMs: 50, attempts: 1, payload: 'dns' });
      await new Promise((r) => setTimeout(r, 5)); // the datagram is out
      await checkPhase();
      block(400); // past the 50 ms wait; the answer comes 100 ms in
      expect((await pending).state).toBe('open');
    } finally {
      echo.kill('SIGKILL');
    }
  });
});
