import type { EventBus } from '../realtime/bus';
import type { EventType } from '../realtime/channels';

/**
 * Publishes without letting a bus failure (Redis down) undo or fail the ingest that already stored
 * the data: clients catch up through the polled APIs.
 */
export async function publishSafely(bus: EventBus, type: EventType, data: unknown): Promise<void> {
  try {
    await bus.publish({ type, data });
  } catch (error) {
    console.error(`[ingest] could not publish ${type}:`, error instanceof Error ? error.message : error);
  }
}
