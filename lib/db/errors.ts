/** Prisma's unique-constraint violation (P2002), from either database: a parallel request or run stored the row first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}
