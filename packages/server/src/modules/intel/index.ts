// The vulnerability-intelligence module's face: what other modules and the composition root may use of it.
export { feedHealth, feedProblemsAtStart, logFeedHealthAtStart } from './feed-health.ts';
