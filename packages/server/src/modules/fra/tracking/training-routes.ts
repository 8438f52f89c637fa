// The training's routes on the listener: the page (one step at a time, `?step=`), checking an answer and finishing
// with a score. A training is counted as started on a person's first visit and completed once, with its score.
import type { FastifyInstance } from 'fastify';
import { injectScript, newNonce, strictHeaders } from './pages.ts';
import { recordEvent, type Found } from './record.ts';
import { neutral, type Resolver } from './resolve.ts';
import { answerProblem, isCorrect, loadTraining, saveAnswer, score } from './training.ts';
import { mediaHtml, trainingPage, trainingScript } from './training-page.ts';

type Params = { token: string };

/** The training a target may take (its assessment's, when one follows a click or a submission). */
async function trainingOf(r: Resolver, f: Found) {
  if (f.assessment.trainingTrigger === 'none') return undefined;
  return loadTraining(r.ctx.db, f.target.customerId, f.assessment.trainingTemplateId);
}

export function trainingRoutes(app: FastifyInstance, r: Resolver): void {
  app.get<{ Params: Params; Querystring: { step?: string } }>('/t/:token', async (req, reply) => {
    const f = await r.resolve(req, reply, req.params.token);
    if (!f) return reply;
    const training = await trainingOf(r, f);
    if (!training) return neutral(reply);
    const asked = Number(req.query.step ?? 0);
    const index = Number.isInteger(asked) && asked >= 0 && asked < training.steps.length ? asked : 0;
    // A person reaches the training right after the landing page: how soon after delivery says nothing here.
    const { facts, reasons } = r.judge(req, f, ['too_soon']);
    if (!f.target.trainingStartedAt || index === 0)
      await recordEvent(r.ctx.db, f, {
        kind: 'training_started',
        at: facts.at,
        reasons,
        ip: facts.ip,
        userAgent: facts.userAgent,
        details: { step: index },
      });
    const scriptNonce = newNonce();
    const page = trainingPage({
      token: f.target.token,
      template: training.template,
      steps: training.steps,
      index,
      answers: f.target.trainingAnswers,
      completedScore: f.target.trainingCompletedAt ? f.target.trainingScore : null,
      language: f.target.language,
    });
    return strictHeaders(reply, scriptNonce)
      .type('text/html; charset=utf-8')
      .send(injectScript(page, trainingScript(f.target.token), scriptNonce));
  });

  app.post<{ Params: Params; Body: unknown }>('/t/:token/answer', async (req, reply) => {
    const f = await r.resolve(req, reply, req.params.token);
    if (!f) return reply;
    const training = await trainingOf(r, f);
    if (!training) return neutral(reply);
    strictHeaders(reply);
    const body = (req.body ?? {}) as { step?: unknown; options?: unknown };
    const step = training.steps.find((s) => s.id === body.step);
    const problem = answerProblem(step, body.options);
    if (problem || !step) return reply.code(400).send(Object.fromEntries(Object.entries(problem ?? {}).map(([k, v]) => [k, [v]])));
    const chosen = body.options as number[];
    const { reasons } = r.judge(req, f, ['too_soon']);
    // Answers are kept until the training is completed (its score is then final), and only a person's.
    if (!f.target.trainingCompletedAt && !f.ended && reasons.length === 0) await saveAnswer(r.ctx.db, f.target.id, step.id, chosen);
    const correct = isCorrect(step, chosen);
    return reply.send({
      correct,
      message: correct ? step.correctMessage : step.incorrectMessage,
      media_html: mediaHtml(correct ? step.correctMedia : step.incorrectMedia, step.title),
    });
  });

  app.post<{ Params: Params }>('/t/:token/complete', async (req, reply) => {
    const f = await r.resolve(req, reply, req.params.token);
    if (!f) return reply;
    const training = await trainingOf(r, f);
    if (!training) return neutral(reply);
    strictHeaders(reply);
    if (f.target.trainingCompletedAt && f.target.trainingScore !== null)
      return reply.send({ score: f.target.trainingScore, completed: true });
    const result = score(training.steps, f.target.trainingAnswers);
    if (result.unanswered.length > 0)
      return reply.code(400).send({ detail: 'Answer every question first.', unanswered: result.unanswered });
    const { facts, reasons } = r.judge(req, f, ['too_soon']);
    const { human } = await recordEvent(r.ctx.db, f, {
      kind: 'training_completed',
      at: facts.at,
      reasons,
      ip: facts.ip,
      userAgent: facts.userAgent,
      details: { score: result.score },
      targetSet: { trainingScore: result.score },
    });
    return reply.send({ score: result.score, completed: human });
  });
}
