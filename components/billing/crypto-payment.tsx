'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { Clock, Copy } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { useAuth } from '@/components/auth/use-auth';
import { OptionSelect } from '@/components/shared/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FieldLabel } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { postCryptoPayment, fetchCryptoRates, fetchCryptoStatus, messageOf, paymentKeys } from '@/lib/payments/client';
import { cryptoCurrencyNames as currencyNames, cryptoFallbackRates as fallbackRates, type CryptoCurrency, type CryptoPaymentDto, type CryptoRate } from '@/lib/payments/schema';
import { formatUsd } from '@/lib/format';
import { PaymentUnavailable } from './not-configured';
import type { PaymentPanelProps } from './payment-result';
import { cryptoAmount, formatCountdown } from './plan-display';

const rateDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Which kind of rate the amount uses (issue 12): live, a stored price of its date, or a fixed fallback. */
function rateProvenance(rate: CryptoRate | undefined, failed: boolean): string {
  if (!rate) return failed ? 'fallback rate: the rates could not be loaded; not a market price' : 'loading';
  if (rate.source === 'coingecko') return `live rate${rate.asOf ? `, ${rateDate.format(new Date(rate.asOf))} UTC` : ''}`;
  if (rate.source === 'stored') return `stored market price as of ${rate.asOf ? rateDate.format(new Date(rate.asOf)) : 'an unknown date'} UTC, not live`;
  return 'fallback rate: a fixed figure, not a market price';
}

/** Pay in BTC or ETH: a one-time address with a 30-minute window, confirmed on chain. */
export function CryptoPayment({ plan, onPaid, isEnabled }: PaymentPanelProps & { isEnabled: boolean }) {
  if (!isEnabled) return <PaymentUnavailable title="Crypto payments are not available" />;
  return <CryptoCheckout plan={plan} onPaid={onPaid} />;
}

function CryptoCheckout({ plan, onPaid }: PaymentPanelProps) {
  const [currency, setCurrency] = useState<CryptoCurrency>('BTC');
  const [payment, setPayment] = useState<CryptoPaymentDto | null>(null);
  const { user } = useAuth();
  const rates = useQuery({ queryKey: paymentKeys.cryptoRates, queryFn: fetchCryptoRates, refetchInterval: 30_000 });
  const rate = rates.data?.rates[currency]?.usd ?? (rates.isError ? fallbackRates[currency] : undefined);
  const rateNote = rateProvenance(rates.data?.rates[currency], rates.isError);
  const amount = rate ? cryptoAmount(plan.price, rate, currency) : '';

  const create = useMutation({
    mutationFn: () => postCryptoPayment({ amount: Number(amount), currency, planType: plan.id, userEmail: user?.email ?? '' }),
    onSuccess: setPayment,
    onError: (error) => toast({ title: 'Payment Creation Failed', description: messageOf(error, 'Unable to create the payment.'), variant: 'destructive' }),
  });

  if (payment) {
    return (
      <PendingCryptoPayment
        payment={payment}
        onConfirmed={() => {
          toast({ title: 'Payment Confirmed!', description: `Your ${payment.currency} payment was confirmed on chain.`, variant: 'success' });
          onPaid('crypto');
        }}
        onExpired={() => {
          toast({ title: 'Payment Expired', description: 'The payment window has expired. Please create a new payment.', variant: 'destructive' });
          setPayment(null);
        }}
      />
    );
  }

  const isReady = Boolean(amount) && Boolean(user);
  return (
    <div className="space-y-4">
      <Field>
        <FieldLabel htmlFor="crypto-currency">Currency</FieldLabel>
        <OptionSelect
          value={currency}
          options={(['BTC', 'ETH'] as const).map((code) => ({ value: code, label: `${currencyNames[code]} (${code})` }))}
          onChange={setCurrency}
          id="crypto-currency"
          className="w-full sm:w-56"
        />
      </Field>
      <div className="rounded-md border p-4 text-sm">
        <p className="text-muted-foreground">Amount due</p>
        <p className="font-mono text-xl font-semibold" data-testid="crypto-amount">
          {amount ? `${amount} ${currency}` : 'Loading rate...'}
        </p>
        {rate && (
          <p className="text-muted-foreground">
            {formatUsd(plan.price)} at 1 {currency} = {formatUsd(rate)} <span data-testid="crypto-rate-source">({rateNote})</span>
          </p>
        )}
      </div>
      <Button onClick={() => create.mutate()} disabled={!isReady || create.isPending} className="w-full">
        {create.isPending ? 'Processing...' : `Create ${currency} Payment`}
      </Button>
    </div>
  );
}

/** The server may send an image (data URL) or the payment URI itself; the latter is drawn here. */
function useQrImage(payment: CryptoPaymentDto): string | null {
  const isImage = /^(data:|https?:)/.test(payment.qrCode);
  const text = payment.qrCode || payment.address;
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (isImage) return;
    let cancelled = false;
    void QRCode.toDataURL(text, { margin: 1, width: 192 }).then((url) => {
      if (!cancelled) setDrawn({ text, url });
    });
    return () => {
      cancelled = true;
    };
  }, [isImage, text]);
  if (isImage) return payment.qrCode;
  return drawn?.text === text ? drawn.url : null;
}

function PendingCryptoPayment({ payment, onConfirmed, onExpired }: { payment: CryptoPaymentDto; onConfirmed: () => void; onExpired: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const qrSource = useQrImage(payment);
  const settled = useRef(false);
  const status = useQuery({
    queryKey: paymentKeys.cryptoStatus(payment.paymentId),
    queryFn: () => fetchCryptoStatus(payment.paymentId),
    refetchInterval: 10_000,
  });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const currentStatus = status.data?.status;
  useEffect(() => {
    if (settled.current) return;
    if (currentStatus === 'confirmed') {
      settled.current = true;
      onConfirmed();
    } else if (currentStatus === 'expired') {
      settled.current = true;
      onExpired();
    }
  }, [currentStatus, onConfirmed, onExpired]);

  async function copyAddress() {
    if (await copyText(payment.address)) toast({ title: 'Copied!', description: 'Address copied to clipboard' });
    else toast({ title: 'Copy Failed', description: 'Unable to copy to clipboard. Please copy the address manually.', variant: 'destructive' });
  }

  const isConfirmed = currentStatus === 'confirmed';
  return (
    <div className="space-y-4" data-testid="crypto-pending">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant={isConfirmed ? 'success' : 'warning'}>
          {isConfirmed ? 'Confirmed' : `Waiting for payment${status.data ? ` · ${status.data.confirmations} confirmations` : ''}`}
        </Badge>
        {!isConfirmed && (
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="size-4" aria-hidden="true" />
            Expires in <span data-testid="crypto-countdown">{formatCountdown(payment.expiresAt, now)}</span>
          </span>
        )}
      </div>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {qrSource ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn in the browser; next/image has nothing to optimise
          <img src={qrSource} alt={`QR code for the ${payment.currency} address`} className="size-44 rounded-md border bg-white p-2" />
        ) : (
          <div className="size-44 animate-pulse rounded-md bg-muted" />
        )}
        <div className="min-w-0 flex-1 space-y-3 text-sm">
          <div>
            <p className="text-muted-foreground">Send exactly</p>
            <p className="font-mono text-lg font-semibold">
              {payment.amount} {payment.currency}
            </p>
          </div>
          <div>
            <p className="text-muted-foreground">To this address</p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs" data-testid="crypto-address">
                {payment.address}
              </code>
              <Button type="button" variant="outline" size="icon" onClick={() => void copyAddress()} aria-label="Copy address">
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>
          <p className="text-muted-foreground">The payment is confirmed after 1-3 network confirmations. This page checks every 10 seconds.</p>
        </div>
      </div>
    </div>
  );
}
