// Types of lag-clock.js (plain JavaScript so the connect workers can load it without the TypeScript loader).
export declare const LAG_SLACK_MS: number;
export declare class LagClock {
  constructor(now?: () => number, tickMs?: number);
  readonly now: () => number;
  readonly tickMs: number;
  lagMs: number;
  worstMs: number;
  lastTick: number;
  time(): number;
  resume(): void;
  tick(): number;
}
