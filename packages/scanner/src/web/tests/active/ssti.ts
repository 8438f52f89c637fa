// Server-side template injection: template expressions of the common engines (Jinja2/Twig {{ }}, JSP/Freemarker/
// Thymeleaf ${ }, ERB/EJS <%= %>, Ruby/Pug #{ }, Smarty { }, Razor @( )) multiplying two random numbers; the product
// in the page without the expression's text proves the server evaluated it; a second pair confirms.
import { attempt, factors, inject, pointFinding } from '../../inject.ts';
import type { WebTest } from '../../types.ts';

const SYNTAXES: { engine: string; make: (e: string) => string }[] = [
  { engine: 'Jinja2/Twig/Handlebars-like', make: (e) => `{{${e}}}` },
  { engine: 'Freemarker/JSP EL/Velocity', make: (e) => `\${${e}}` },
  { engine: 'ERB/EJS/ASP', make: (e) => `<%= ${e} %>` },
  { engine: 'Ruby/Pug/Slim', make: (e) => `#{${e}}` },
  { engine: 'Thymeleaf', make: (e) => `[[\${${e}}]]` },
  { engine: 'Spring/Thymeleaf', make: (e) => `*{${e}}` },
  { engine: 'Smarty', make: (e) => `{${e}}` },
  { engine: 'Razor', make: (e) => `@(${e})` },
];

export const ssti: WebTest = {
  id: 'web-ssti',
  name: 'Server-side template injection',
  category: 'template-injection',
  severity: 4,
  cwe: ['CWE-1336', 'CWE-94'],
  owasp: 'A03:2021',
  description:
    'The value is rendered as part of a server-side template, so template expressions in it run on the server: an ' +
    'attacker reads data and, with most engines, runs code.',
  solution:
    'Pass values to templates as data, never as template source; use a sandboxed engine with auto-escaping where ' +
    'users must write templates.',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/18-Testing_for_Server-side_Template_Injection',
  ],
  kind: 'active',
  async point(point, ctx) {
    const base = await inject(point, point.value, ctx);
    for (const s of SYNTAXES) {
      const f1 = factors();
      if (base.body.includes(f1.product)) continue;
      const expr1 = `${f1.a}*${f1.b}`;
      const p1 = point.value + s.make(expr1);
      const r1 = await attempt(point, p1, ctx);
      if (!r1 || !r1.body.includes(f1.product) || r1.body.includes(expr1)) continue;
      const f2 = factors();
      const expr2 = `${f2.a}*${f2.b}`;
      const r2 = await attempt(point, point.value + s.make(expr2), ctx);
      if (!r2 || !r2.body.includes(f2.product) || r2.body.includes(expr2)) continue;
      return [
        pointFinding('web-ssti', point, r1, {
          payload: p1,
          proof: `${s.make(expr1)} rendered as ${f1.product} (${s.engine} syntax); ${s.make(expr2)} as ${f2.product}`,
          around: f1.product,
          how: 'template expression evaluated by the server',
          confidence: 'confirmed',
        }),
      ];
    }
    return [];
  },
};
