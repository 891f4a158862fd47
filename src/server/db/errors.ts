/**
 * True when a query failed on a unique constraint or index (SQLSTATE 23505). Both drivers report
 * the code, PGlite sometimes only on the error's cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
