// The phishing severity rules (docs/phishing-results.md), pure so each rule can be read and tested on its own: what the
// PERSON did in one assessment (human events only — bots never reach the first-time columns) gives the target's
// severity; the behaviour names the `pat` issue the finding belongs to.
import type { PhishingSeverity } from '@bulwark/core';

/** What a person did, worst first: the finding's issue (hid) per behaviour. */
export type PatBehaviour = 'credentials' | 'submitted' | 'clicked' | 'opened';

export interface TargetFacts {
  openedAt: Date | null;
  clickedAt: Date | null;
  submittedAt: Date | null;
  reportedAt: Date | null;
  trainingCompletedAt: Date | null;
  /** A human submission on the landing page filled a password field. */
  submittedPassword: boolean;
  /** The same recipient submitted data in another assessment within a year of this submission. */
  submittedElsewhereWithinYear: boolean;
}

/** The worst thing the person did, or null when they did nothing that counts (only sent, delivered, bounced). */
export function behaviourOf(f: TargetFacts): PatBehaviour | null {
  if (f.submittedAt && (f.submittedPassword || f.submittedElsewhereWithinYear)) return 'credentials';
  if (f.submittedAt) return 'submitted';
  if (f.clickedAt) return 'clicked';
  if (f.openedAt) return 'opened';
  return null;
}

const BEHAVIOUR_SEVERITY: Record<PatBehaviour, PhishingSeverity> = { credentials: 4, submitted: 3, clicked: 2, opened: 1 };

/**
 * Neutral 0 (nothing), low 1 (opened), medium 2 (clicked), high 3 (submitted data), critical 4 (a password, or data
 * submitted in two assessments within a year); reporting the message lowers it by one, never below 0. Completing
 * the training does not lower it: the person still fell for it (the finding closes instead).
 */
export function targetSeverity(f: TargetFacts): PhishingSeverity {
  const b = behaviourOf(f);
  const base = b === null ? 0 : BEHAVIOUR_SEVERITY[b];
  return Math.max(0, base - (f.reportedAt ? 1 : 0)) as PhishingSeverity;
}

/** The time of the worst behaviour: a training completed before it does not close what came after. */
export function behaviourAt(f: TargetFacts): Date | null {
  const b = behaviourOf(f);
  if (b === 'credentials' || b === 'submitted') return f.submittedAt;
  if (b === 'clicked') return f.clickedAt;
  if (b === 'opened') return f.openedAt;
  return null;
}

/** The finding closes when the person completed the training after (or at) their worst behaviour. */
export function trainingClosesFinding(f: TargetFacts): boolean {
  const at = behaviourAt(f);
  return at !== null && f.trainingCompletedAt !== null && f.trainingCompletedAt.getTime() >= at.getTime();
}

/** A submission's details (field NAMES only, never values) say whether a password field was filled. */
export function submittedPassword(details: Record<string, unknown>): boolean {
  if (details.password === true) return true;
  const types = details.field_types;
  if (Array.isArray(types) && types.includes('password')) return true;
  const fields = details.fields;
  return Array.isArray(fields) && fields.some((n) => typeof n === 'string' && PASSWORD_NAME.test(n));
}

const PASSWORD_NAME = /pass(word|wd|code)?|pwd|^pin$|passphrase|secret|otp/i;

export interface PatIssueText {
  name: string;
  description: string;
  solution: string;
}

/** The issue text per behaviour, written for the security team that reads the unified vulnerabilities. */
export const PAT_ISSUES: Record<PatBehaviour, PatIssueText> = {
  opened: {
    name: 'Phishing assessment: message opened',
    description:
      'The recipient opened a simulated phishing message (its tracking image was loaded by their mail client, not by a gateway or scanner). Opening alone is low risk, but shows the message reached and interested them.',
    solution:
      'Include the recipient in regular awareness training on recognising phishing messages (sender, urgency, unexpected links) and encourage reporting suspicious mail with the report button.',
  },
  clicked: {
    name: 'Phishing assessment: link clicked',
    description:
      'The recipient clicked the link of a simulated phishing message and the landing page ran in their browser. Machine requests (mail gateways, link scanners, previews) are recognised and not counted.',
    solution:
      'Assign the phishing awareness training, explain how to check a link before opening it, and make reporting suspicious messages easy (report button, a known address). Re-assess in a later campaign.',
  },
  submitted: {
    name: 'Phishing assessment: data submitted',
    description:
      'The recipient submitted a form on a simulated phishing landing page. Only the names of the fields filled were recorded, never what was typed.',
    solution:
      'Assign the training promptly, review what data the recipient handles, and consider stronger controls for them (phishing-resistant MFA, mail filtering, restricted access). Re-assess within three months.',
  },
  credentials: {
    name: 'Phishing assessment: credentials submitted',
    description:
      'The recipient typed a password into a simulated phishing landing page, or submitted data in two assessments within a year. In a real attack their account would be compromised.',
    solution:
      'Treat the account as at risk in a real attack: enforce phishing-resistant MFA, check that the password is not reused, assign the training at once and follow up personally. Re-assess within one month.',
  },
};

export const patHid = (b: PatBehaviour): string => `pat-${b}`;
