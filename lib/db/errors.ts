/** Prisma's unique-constraint violation (P2002), from either database. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}
