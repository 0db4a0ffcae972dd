'use client';

import { useMutation } from '@tanstack/react-query';
import { BarChart3, Bell, Bitcoin, FileSearch, Lock, ShieldCheck } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LoadingScreen } from '@/components/shell/loading-screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { requestBetaAccess, resetBetaGate, verifyBetaCode } from '@/lib/auth/client';
import { betaEmail, productName } from '@/lib/brand';
import { betaAccessEvent, betaAccessKey, betaRequestEmailKey, clearStoredBetaAccess, readStoredBetaAccess, storeBetaAccess } from '@/lib/beta-storage';
import { ApiError } from '@/lib/http/api-client';

// The private-beta gate (spec 000 §2, §4), rendered by the root layout at whatever path was
// opened. The server checks codes; a code already stored by this browser is re-checked silently.

const whatsInside = [
  { icon: FileSearch, text: 'SEC filing signals within 30 seconds of publication' },
  { icon: Bitcoin, text: '100+ public companies holding Bitcoin, with sourced holdings' },
  { icon: ShieldCheck, text: 'Health grades, risk and conviction scores for every treasury' },
  { icon: BarChart3, text: 'Analytics, sector breakdowns and downloadable reports' },
  { icon: Bell, text: 'Real-time alerts on insider activity and new adopters' },
];

const verifyDelayMs = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a request failed with, or null when it succeeded. */
const failureOf = (request: Promise<unknown>) => request.then(() => null, (error: unknown) => error ?? new Error('Request failed'));

/** The server's message of a failed request, when it sent one. */
const serverMessageOf = (failure: unknown) => (failure instanceof ApiError ? failure.serverMessage : undefined);

const noSubscription = () => () => {};

export function BetaGate() {
  // The server renders the gate; until its code has hydrated, a typed code or a click would be lost,
  // so the fields and buttons stay disabled (a browser test waits for them to be enabled).
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const router = useRouter();
  const [phase, setPhase] = useState<'checking' | 'form'>('form');
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const granted = useRef(false);
  const { mutateAsync: verifyCode } = useMutation({ mutationFn: verifyBetaCode });
  const { mutateAsync: requestAccess } = useMutation({ mutationFn: requestBetaAccess });
  const { mutate: resetGate } = useMutation({ mutationFn: resetBetaGate });

  /** Re-checks a code this browser stored earlier; the server's answer decides. */
  const revalidateStored = useCallback(async () => {
    if (granted.current) return;
    const stored = readStoredBetaAccess();
    if (!stored.granted || !stored.code) {
      setPhase('form');
      return;
    }
    setPhase('checking');
    const failure = await failureOf(verifyCode(stored.code));
    if (!failure) {
      router.refresh();
      return;
    }
    if (failure instanceof ApiError && failure.status === 400) clearStoredBetaAccess();
    setPhase('form');
  }, [router, verifyCode]);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('reset') === 'true') {
      clearStoredBetaAccess();
      resetGate();
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the first read of an external store (localStorage, then the server's verdict) before subscribing to its changes below; it shows 'checking' only when a code is stored
    void revalidateStored();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === betaAccessKey) void revalidateStored();
    };
    const onChange = () => void revalidateStored();
    window.addEventListener('storage', onStorage);
    window.addEventListener(betaAccessEvent, onChange);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(betaAccessEvent, onChange);
    };
  }, [revalidateStored, resetGate]);

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      toast({ title: 'Invalid Access Code', description: 'Please check your invitation code and try again.', variant: 'destructive' });
      return;
    }
    setVerifying(true);
    const [failure] = await Promise.all([failureOf(verifyCode(trimmed)), wait(verifyDelayMs)]);
    setVerifying(false);
    if (failure) {
      const rateLimited = failure instanceof ApiError && failure.status === 429;
      toast({ title: 'Invalid Access Code', description: (rateLimited ? serverMessageOf(failure) : undefined) ?? 'Please check your invitation code and try again.', variant: 'destructive' });
      return;
    }
    granted.current = true;
    storeBetaAccess(trimmed);
    toast({ title: 'Access Granted!', description: `Welcome to the ${productName} private beta.` });
    // Refreshing a `?reset=true` address would reset the gate again: once the toast has been seen, load
    // the same page without the parameter (a full load, since the root layout renders the gate).
    const url = new URL(window.location.href);
    if (url.searchParams.get('reset') === 'true') {
      url.searchParams.delete('reset');
      setTimeout(() => window.location.replace(url.toString()), verifyDelayMs);
      return;
    }
    router.refresh();
  }

  async function submitRequest(event: React.FormEvent) {
    event.preventDefault();
    setRequesting(true);
    const [failure] = await Promise.all([failureOf(requestAccess(email.trim())), wait(verifyDelayMs)]);
    setRequesting(false);
    if (failure) {
      toast({ title: 'Request Failed', description: serverMessageOf(failure) ?? 'Please enter a valid email and try again.', variant: 'destructive' });
      return;
    }
    localStorage.setItem(betaRequestEmailKey, email.trim());
    toast({ title: 'Request Submitted!', description: "We'll review your request and send an invitation if approved." });
    setEmail('');
  }

  if (phase === 'checking') return <LoadingScreen />;

  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-lg" data-testid="beta-gate">
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
            <Lock className="size-6 text-primary" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">
            <h1>{productName} Private Beta</h1>
          </CardTitle>
          <CardDescription>Corporate Bitcoin treasury intelligence is invitation-only while in beta.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Tabs defaultValue="code">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="code">I have a code</TabsTrigger>
              <TabsTrigger value="request">Request access</TabsTrigger>
            </TabsList>
            <TabsContent value="code">
              <form onSubmit={submitCode} className="space-y-3 pt-2" noValidate>
                <Label htmlFor="beta-code">Invitation Code</Label>
                <Input
                  id="beta-code"
                  name="code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  placeholder="Enter your invitation code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  required
                  disabled={!hydrated}
                  className="uppercase"
                />
                <Button type="submit" className="w-full" disabled={verifying || !hydrated}>
                  {verifying ? 'Verifying...' : 'Access Platform'}
                </Button>
              </form>
            </TabsContent>
            <TabsContent value="request">
              <form onSubmit={submitRequest} className="space-y-3 pt-2">
                <Label htmlFor="beta-email">Email</Label>
                <Input id="beta-email" name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder="you@company.com" required disabled={!hydrated} />
                <Button type="submit" className="w-full" disabled={requesting || !hydrated}>
                  {requesting ? 'Submitting...' : 'Request Beta Access'}
                </Button>
              </form>
            </TabsContent>
          </Tabs>

          <section aria-labelledby="whats-inside">
            <h2 id="whats-inside" className="mb-2 text-sm font-semibold">What&apos;s Inside</h2>
            <ul className="space-y-2 text-sm text-muted-foreground">
              {whatsInside.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-start gap-2">
                  <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </section>

          <p className="text-center text-sm text-muted-foreground">
            Questions? Contact us at{' '}
            <a href={`mailto:${betaEmail}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {betaEmail}
            </a>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
