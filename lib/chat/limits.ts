import { enforceLimit } from '../rate-limit/limiter';
import { addCompanyRateLimitMessage, chatRateLimitMessage } from './messages';

// Per-user limits: every chat answer may run several reads and a language-model call.

/** Chat and analysis share one allowance (30 messages a minute per user unless RATE_LIMIT_CHAT_PER_MINUTE says otherwise). */
export function limitChat(userId: string) {
  return enforceLimit('chat', userId, chatRateLimitMessage);
}

/** Companies added per user per hour (20 unless RATE_LIMIT_CHAT_ADD_COMPANY_PER_HOUR says otherwise). */
export function limitAddCompany(userId: string) {
  return enforceLimit('chatAddCompany', userId, addCompanyRateLimitMessage);
}

/** Chat bodies are small: a message of at most 2,000 characters. */
export const chatBodyLimitBytes = 16 * 1024;
