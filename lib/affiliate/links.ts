import crypto from 'node:crypto';
import { hmac } from '@/lib/crypto';
import type { Db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/errors';
import { AppError } from '@/lib/http/errors';
import { getRateLimiter } from '@/lib/rate-limit/limiter';
import { maxLinksPerUser } from './program';
import type { AffiliateLinkDto } from './schema';
import { affiliateLinkUrl } from './urls';

// Unambiguous lowercase letters and digits: a code is read aloud and typed by hand.
const codeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const codeLength = 10;
const codePattern = /^[a-z0-9]{4,32}$/;

// A visitor's clicks on one link count at most this often, so reloading a link cannot inflate it.
const countedClicksPerVisitor = 10;
const clickWindowMs = 60 * 60 * 1000;

const linkNotFoundMessage = 'Affiliate link not found.';
const linkLimitMessage = `You can have at most ${maxLinksPerUser} affiliate links. Reuse or deactivate an existing link.`;

const withConversions = { _count: { select: { referrals: { where: { convertedAt: { not: null } } } } } } as const;

interface LinkRow {
  id: string;
  name: string;
  code: string;
  clicks: number;
  isActive: boolean;
  createdAt: Date;
  _count: { referrals: number };
}

function toLinkDto(link: LinkRow, origin: string): AffiliateLinkDto {
  return {
    id: link.id,
    name: link.name,
    code: link.code,
    url: affiliateLinkUrl(origin, link.code),
    clicks: link.clicks,
    conversions: link._count.referrals,
    isActive: link.isActive,
    createdAt: link.createdAt.toISOString(),
  };
}

function newCode(): string {
  return Array.from({ length: codeLength }, () => codeAlphabet[crypto.randomInt(codeAlphabet.length)]).join('');
}

export async function listLinks(db: Db, userId: string, origin: string): Promise<AffiliateLinkDto[]> {
  const links = await db.affiliateLink.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: withConversions,
  });
  return links.map((link) => toLinkDto(link, origin));
}

export async function createLink(db: Db, userId: string, name: string, origin: string): Promise<AffiliateLinkDto> {
  if ((await db.affiliateLink.count({ where: { userId } })) >= maxLinksPerUser) throw new AppError('forbidden', linkLimitMessage);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return toLinkDto(await db.affiliateLink.create({ data: { userId, name, code: newCode() }, include: withConversions }), origin);
    } catch (error) {
      // 31^10 codes make a collision rare; a few retries make it a non-event.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

export async function setLinkActive(db: Db, userId: string, linkId: string, isActive: boolean, origin: string): Promise<AffiliateLinkDto> {
  // Filtering by owner makes another user's link indistinguishable from a missing one.
  const { count } = await db.affiliateLink.updateMany({ where: { id: linkId, userId }, data: { isActive } });
  if (count === 0) throw new AppError('not_found', linkNotFoundMessage);
  return toLinkDto(await db.affiliateLink.findUniqueOrThrow({ where: { id: linkId }, include: withConversions }), origin);
}

/** The active link with this code, or null for an unknown, malformed or inactive one. */
export async function findActiveLink(db: Db, code: string) {
  const normalized = code.trim().toLowerCase();
  if (!codePattern.test(normalized)) return null;
  const link = await db.affiliateLink.findUnique({ where: { code: normalized }, select: { id: true, userId: true, code: true, isActive: true } });
  return link?.isActive ? link : null;
}

/**
 * Counts a click on a link: the counter and a log row holding a keyed hash of the address, enough
 * to tell visitors apart without storing who they are. Returns whether the click was counted.
 */
export async function recordClick(db: Db, linkId: string, ip: string): Promise<boolean> {
  const visitor = ip === 'unknown' ? null : hmac('affiliate-click', ip);
  const allowance = await getRateLimiter().hit(`affiliate-click:${linkId}:${visitor ?? 'unknown'}`, countedClicksPerVisitor, clickWindowMs);
  if (!allowance.allowed) return false;
  await db.$transaction([
    db.affiliateLink.update({ where: { id: linkId }, data: { clicks: { increment: 1 } } }),
    db.affiliateClick.create({ data: { linkId, visitor } }),
  ]);
  return true;
}
