// HTTP routes of assessments, assessment schedules and results.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function fraRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
