'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Bot, Loader2, MessageCircle, Send, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError, errorText } from '@/lib/http/api-client';
import { addCompanyFailureMessage, analyzeFailureMessage, chatFailureMessage } from '@/lib/chat/messages';
import { isTrackedDataKey, postAddCompany, postAnalyzeCompany, postChat } from '@/lib/chat/client';
import { routeOf, sendableMessage } from '@/lib/chat/routing';
import type { SuggestedAction, TreasuryAnalysis } from '@/lib/chat/schema';
import { cn } from '@/lib/utils';
import { AnalysisSummary } from './analysis-summary';

interface ChatEntry {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  analysis?: TreasuryAnalysis | null;
  actions?: SuggestedAction[];
}

const greeting =
  'Hi! I can analyze Bitcoin treasury companies from our database, summarise the market, and add a company to tracking. Try "analyze MSTR" or "market overview".';

let nextId = 1;

/**
 * The floating AI assistant (spec 001 §2 Chat widget, §4 open or closed, §5 validation and routing, §8 errors),
 * loaded by its launcher on the first click (chat-launcher.tsx), which it replaces, open.
 */
export function ChatWidget({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [entries, setEntries] = useState<ChatEntry[]>(() => [{ id: 0, role: 'assistant', text: greeting }]);
  const [usedActions, setUsedActions] = useState<ReadonlySet<string>>(new Set());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const append = useCallback((entry: Omit<ChatEntry, 'id'>) => setEntries((current) => [...current, { ...entry, id: nextId++ }]), []);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [entries, pending]);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  async function send(text: string) {
    const message = sendableMessage(text);
    if (!message || pending) return;
    append({ role: 'user', text: message });
    setDraft('');
    setPending(true);
    try {
      if (routeOf(message) === 'analyze-company') {
        try {
          const answer = await postAnalyzeCompany(message);
          append({ role: 'assistant', text: answer.analysis.analysis, analysis: answer.treasuryAnalysis, actions: answer.suggestedActions });
        } catch (error) {
          append({ role: 'assistant', text: (error instanceof ApiError && error.serverMessage) || analyzeFailureMessage });
        }
      } else {
        try {
          const answer = await postChat(message);
          append({ role: 'assistant', text: answer.message, analysis: answer.treasuryAnalysis, actions: answer.suggestedActions });
        } catch {
          append({ role: 'assistant', text: chatFailureMessage });
        }
      }
    } finally {
      setPending(false);
      inputRef.current?.focus();
    }
  }

  async function runAction(entryId: number, index: number, action: SuggestedAction) {
    if (pending) return;
    if (action.action === 'ask') {
      await send(String(action.data.message ?? ''));
      return;
    }
    setPending(true);
    try {
      const added = await postAddCompany(action.data);
      setUsedActions((current) => new Set(current).add(`${entryId}:${index}`));
      append({ role: 'assistant', text: added.message });
      await queryClient.invalidateQueries({ predicate: (query) => isTrackedDataKey(query.queryKey) });
      // The holdings table is rendered on the server: refresh it too.
      router.refresh();
    } catch (error) {
      const message = errorText(error, String(error));
      append({ role: 'assistant', text: addCompanyFailureMessage(message) });
    } finally {
      setPending(false);
    }
  }

  const canSend = Boolean(sendableMessage(draft)) && !pending;

  return (
    <div className="fixed right-4 bottom-4 z-50 flex flex-col items-end gap-3 print:hidden">
      {open && (
        <section
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
          className="flex h-[min(34rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-background shadow-2xl"
        >
          <header className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
              <Bot className="size-4 text-primary" aria-hidden="true" />
              AI Treasury Assistant
            </h2>
            <Button variant="ghost" size="icon" className="size-8" aria-label="Close chat" onClick={close}>
              <X />
            </Button>
          </header>
          <div ref={logRef} role="log" aria-live="polite" aria-label="Conversation" className="flex-1 space-y-3 overflow-y-auto px-4 py-3">
            {entries.map((entry) => (
              <div key={entry.id} data-role={entry.role} className={cn('flex', entry.role === 'user' ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-line [overflow-wrap:anywhere]',
                    entry.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                  )}
                >
                  <p>{entry.text}</p>
                  {entry.analysis && <AnalysisSummary analysis={entry.analysis} />}
                  {entry.actions && entry.actions.length > 0 && (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {entry.actions.map((action, index) => (
                        <Button
                          key={`${action.action}-${index}`}
                          size="sm"
                          variant="outline"
                          className="h-7 bg-background text-xs"
                          disabled={pending || usedActions.has(`${entry.id}:${index}`)}
                          onClick={() => void runAction(entry.id, index, action)}
                        >
                          {action.label}
                        </Button>
                      ))}
                    </div>
                  )}
                </div>
              </div>
            ))}
            {pending && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                Thinking...
              </p>
            )}
          </div>
          <form
            className="flex items-center gap-2 border-t p-3"
            onSubmit={(event) => {
              event.preventDefault();
              void send(draft);
            }}
          >
            <Input
              ref={inputRef}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Ask about a company or the market..."
              aria-label="Message"
              maxLength={2000}
              autoComplete="off"
            />
            <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
              <Send />
            </Button>
          </form>
        </section>
      )}
      <Button
        ref={toggleRef}
        size="icon"
        className="size-12 rounded-full shadow-lg"
        aria-label={open ? 'Close chat assistant' : 'Open chat assistant'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <X className="size-5" /> : <MessageCircle className="size-5" />}
      </Button>
    </div>
  );
}
