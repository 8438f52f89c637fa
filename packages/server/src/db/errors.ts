// Database errors every repository needs to tell apart.

/** Whether an error is a unique-index violation (node-postgres and PGlite both carry SQLSTATE 23505, maybe under `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return true;
  }
  return false;
}
