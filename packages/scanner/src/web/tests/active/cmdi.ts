// OS command injection: output-based (a shell separator and a command whose output is computed — a sum the request
// does not contain — so a page that merely echoes the value does not count) and time-based (sleep of two requested
// lengths, statistically past the baseline, and not for zero).
import { attempt, confirmDelay, inject, measuredAlone, pointFinding, timingBaseline } from '../../inject.ts';
import type { InsertionPoint, WebFinding, WebTest, WebTestContext } from '../../types.ts';
import type { TimeOptions } from './sqli.ts';

const COMMON = {
  category: 'command-injection',
  severity: 4 as const,
  cwe: ['CWE-78'],
  owasp: 'A03:2021' as const,
  solution:
    'Do not run shell commands with request values. Call the program directly with an argument list (no shell), ' +
    'validate values against an allow-list, or use a library function instead of a command.',
  references: [
    'https://owasp.org/www-community/attacks/Command_Injection',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  kind: 'active' as const,
};

/** Ways into a shell command line; CMD the command. Unix shells first, then Windows cmd. */
const SEPARATORS = [';CMD', '|CMD', '$(CMD)', '`CMD`', '&&CMD', '\nCMD\n', "';CMD;'", '";CMD;"', '&CMD&', '|CMD|'];

export const cmdiOutput: WebTest = {
  ...COMMON,
  id: 'web-cmdi-output',
  name: 'OS command injection',
  description:
    'A value sent in the request is run as part of an operating-system command: a shell separator and a command added ' +
    "to it ran and its output came back. An attacker runs any command with the application's rights.",
  async point(point, ctx) {
    const a = 100_000 + Math.floor(Math.random() * 800_000);
    const b = 100_000 + Math.floor(Math.random() * 800_000);
    const sum = String(a + b);
    const base = await inject(point, point.value, ctx);
    if (base.body.includes(sum)) return [];
    for (const sep of SEPARATORS) {
      const windows = sep.startsWith('&CMD') || sep === '|CMD|';
      const payload = point.value + sep.replace('CMD', windows ? `set /a ${a}+${b}` : `expr ${a} + ${b}`);
      const res = await attempt(point, payload, ctx);
      if (!res?.body.includes(sum)) continue;
      return [
        pointFinding('web-cmdi-output', point, res, {
          payload,
          proof: `${a} + ${b} = ${sum} in the response`,
          around: sum,
          how: 'command output in the response',
          confidence: 'confirmed',
        }),
      ];
    }
    return [];
  },
};

const SLEEPS = [';sleep D;', '|sleep D|', '$(sleep D)', '`sleep D`', '&&sleep D&&', "';sleep D;'", '";sleep D;"', '&ping -n P 127.0.0.1&'];

export function cmdiTimeTest(opts: TimeOptions = {}): WebTest {
  const delays = opts.delaysS ?? [3, 6];
  return {
    ...COMMON,
    id: 'web-cmdi-time',
    name: 'OS command injection (time-based)',
    description:
      'A sleep command added to the value delays the answer by the time asked for (measured against the normal ' +
      'response time): the value is run as part of an operating-system command even though its output is not shown.',
    point(point: InsertionPoint, ctx: WebTestContext): Promise<WebFinding[]> {
      return measuredAlone(ctx, async () => {
        const base = await timingBaseline(point, ctx, opts.samples ?? 5);
        for (const s of SLEEPS) {
          const make = (d: number): string => point.value + s.replace('D', String(d)).replace('P', String(Math.max(1, Math.round(d) + 1)));
          const hit = await confirmDelay(
            (d) => inject(point, make(d), ctx, { timeoutMs: base.mean + delays[1] * 3000 + 5000 }),
            base,
            delays,
          );
          if (!hit) continue;
          const [t1, t2, t0] = hit.times.map((t) => Math.round(t));
          return [
            pointFinding('web-cmdi-time', point, hit.responses[1]!, {
              payload: make(delays[1]),
              proof: `${delays[0]} s → ${t1} ms, ${delays[1]} s → ${t2} ms, 0 s → ${t0} ms; baseline ${Math.round(base.mean)} ± ${Math.round(base.sd)} ms`,
              around: '',
              how: `response delayed by the requested ${delays[0]} s and ${delays[1]} s`,
              confidence: 'confirmed',
            }),
          ];
        }
        return [];
      });
    },
  };
}

export const cmdiTime = cmdiTimeTest();
