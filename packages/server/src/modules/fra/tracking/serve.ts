// The serve loop that starts the phishing listener in a serving process (and stops it before the database closes).
import type { ServeLoop } from '../../../jobs/declare.ts';

export const trackingServeLoop: ServeLoop = () => undefined;
