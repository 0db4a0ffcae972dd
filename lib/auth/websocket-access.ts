import type { Db } from '@/lib/db';
import { channels, type Channel } from '@/lib/realtime/channels';
import type { AccessLoss, RealtimeAccess, SocketHolder } from '@/lib/realtime/ws-server';
import { isEntitled, type EntitlementFields } from './access';
import { cookieReader } from '../http/cookies';
import { isLiveSession, rehearseSessionLookup } from './session';
import { entitledSession } from './viewer';

// Who may use /ws: what the data APIs ask (a live session whose user is entitled), checked on the
// upgrade, on each subscribe, and again for open sockets (lib/realtime/ws-server.ts decides when).

/** What each channel needs of its subscriber; today every one is the product people pay for. */
const channelEntitlement: Record<Channel, (user: EntitlementFields) => boolean> = {
  signals: isEntitled,
  market_data: isEntitled,
  companies: isEntitled,
};

/** Sessions looked up per query: well under SQLite's and PostgreSQL's bound-parameter limits. */
const recheckBatch = 500;

/** The access policy, and a rehearsal of its admission for a process about to serve /ws. */
export interface WebsocketAccess extends RealtimeAccess {
  /**
   * Runs the admission's work once for a made-up session (rehearseSessionLookup). A restarted process
   * is sent its share of another's clients at once; without this the first of them would wait while
   * the database client loads its query compiler and plans the session lookup (about 0.8 s of CPU).
   */
  warmUp(): Promise<void>;
}

export function websocketAccess(db: Db): WebsocketAccess {
  return {
    warmUp: () => rehearseSessionLookup(db),
    async admit(request) {
      const session = await entitledSession(db, cookieReader(request.headers.cookie));
      if (session === 'unauthorized') return { status: 401 };
      if (session === 'forbidden') return { status: 403 };
      const granted = channels.filter((channel) => channelEntitlement[channel](session.user));
      return { holder: { sessionId: session.id, userId: session.userId, channels: granted } };
    },
    maySubscribe: (holder, channel) => holder.channels.includes(channel),
    async recheck(holders) {
      // Straight from the database, not the session cache: the event that asks may arrive before the
      // cache hears of the write behind it.
      const ids = [...new Set(holders.map((holder) => holder.sessionId))];
      const rows = [];
      for (let start = 0; start < ids.length; start += recheckBatch) {
        rows.push(
          ...(await db.session.findMany({
            where: { id: { in: ids.slice(start, start + recheckBatch) } },
            select: { id: true, userId: true, revokedAt: true, expiresAt: true, user: { select: { subscriptionStatus: true, subscriptionEndsAt: true, betaAccess: true } } },
          })),
        );
      }
      const byId = new Map(rows.map((row) => [row.id, row]));
      const now = new Date();
      const lost = new Map<string, AccessLoss>();
      for (const holder of holders) {
        const loss = lossOf(holder, byId.get(holder.sessionId), now);
        if (loss) lost.set(holder.sessionId, loss);
      }
      return lost;
    },
  };
}

type SessionRow = Parameters<typeof isLiveSession>[0] & { user: EntitlementFields };

function lossOf(holder: SocketHolder, row: SessionRow | undefined, now: Date): AccessLoss | undefined {
  if (!row || !isLiveSession(row, holder.userId, now)) return 'session';
  // A socket keeps only what it was admitted to: losing any of its channels ends it.
  if (!holder.channels.every((channel) => channelEntitlement[channel](row.user))) return 'entitlement';
  return undefined;
}
