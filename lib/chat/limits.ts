import { enforceRateLimit } from '../rate-limit';
import { addCompanyRateLimitMessage, chatRateLimitMessage } from './messages';

// Per-user limits: every chat answer may run several reads and a language-model call.

const minute = 60_000;

/** Chat and analysis share one allowance: 30 messages a minute per user. */
export function limitChat(userId: string) {
  return enforceRateLimit(`chat:${userId}`, 30, minute, chatRateLimitMessage);
}

/** 20 companies added per user per hour. */
export function limitAddCompany(userId: string) {
  return enforceRateLimit(`chat-add-company:${userId}`, 20, 60 * minute, addCompanyRateLimitMessage);
}

/** Chat bodies are small: a message of at most 2,000 characters. */
export const chatBodyLimitBytes = 16 * 1024;
