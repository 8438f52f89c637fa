// Texts the API client rejects with: the spec's from core, plus our wording where the spec gives none.
import { MESSAGES } from '@bulwark/core';

export const CLIENT_TEXTS = {
  timeout: MESSAGES.timeout.message,
  notAuthenticated: MESSAGES.session.notAuthenticated,
  network: 'The server could not be reached. Check your connection and try again.',
  cancelled: 'The request was cancelled.',
  httpError: 'The server could not complete the request',
  invalidAnswer: 'The server sent an answer this version of Bulwark does not understand.',
} as const;
