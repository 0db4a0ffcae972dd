// Spec 001 §5: which call a chat message goes to. Shared by the widget and its tests.

export const analyzeKeywords = ['analyze', 'add company', 'track', 'treasury', 'bitcoin holdings', 'crypto holdings'] as const;

export type ChatRoute = 'analyze-company' | 'chat';

/** A message containing any analyze keyword (any case) goes to the company analysis; any other to plain chat. */
export function routeOf(message: string): ChatRoute {
  const text = message.toLowerCase();
  return analyzeKeywords.some((keyword) => text.includes(keyword)) ? 'analyze-company' : 'chat';
}

/** The message as sent, or null when it is blank after trimming (nothing is sent then). */
export function sendableMessage(message: string): string | null {
  const trimmed = message.trim();
  return trimmed ? trimmed : null;
}
