// Why a scan cannot start (said for the field that causes it) and how a run is started: shared by the network and
// policy start (start.ts) and the web start (start-web.ts).

/** Why a scan cannot start, said for the field that causes it. */
export class StartError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface StartOptions {
  userId: number | null;
  scheduled?: boolean;
}
