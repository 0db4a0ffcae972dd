// Optional prose from an OpenAI-compatible chat-completions API. The database figures go in the
// system prompt as the only facts; any failure falls back to the template (the caller decides).

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const defaultTimeoutMs = 15_000;

/** The configured model, or null unless LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set. */
export function readLlmConfig(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const apiKey = env.LLM_API_KEY?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !apiKey || !model) return null;
  const timeoutMs = Number(env.LLM_TIMEOUT_MS) > 0 ? Number(env.LLM_TIMEOUT_MS) : defaultTimeoutMs;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, model, timeoutMs };
}

/** POST {baseUrl}/chat/completions; the first choice's text, or null on any failure or empty answer. */
export async function completeChat(config: LlmConfig, messages: readonly LlmMessage[]): Promise<string | null> {
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({ model: config.model, messages, temperature: 0.2 }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) {
      console.error(`[chat] language model answered ${response.status}; using the template`);
      return null;
    }
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === 'string' && content.trim() ? content.trim() : null;
  } catch (error) {
    console.error('[chat] language model unavailable; using the template:', error instanceof Error ? error.message : error);
    return null;
  }
}

export const systemPrompt = [
  'You are the assistant of a corporate Bitcoin treasury intelligence platform.',
  'Answer in at most 150 words, in plain prose without markdown headings.',
  'Use only the facts given below, which come from the platform database; do not invent figures.',
  'When a figure is marked as a default, say it is a default for want of data.',
  'End with: This is not financial advice.',
].join(' ');
