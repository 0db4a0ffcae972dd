'use client';

import { useEffect } from 'react';

/** Set by the root layout's boot script from the policy the document was loaded with. */
const documentScopeAttribute = 'data-csp-scope';

/**
 * A browser keeps the Content-Security-Policy of the document it first loaded: after a client-side
 * navigation from another screen, a payment provider's SDK would still be refused. This reloads the
 * page once so the document carries the payment pages' policy.
 */
export function PaymentDocumentGuard({ isNeeded }: { isNeeded: boolean }) {
  useEffect(() => {
    if (isNeeded && document.documentElement.getAttribute(documentScopeAttribute) !== 'payments') window.location.reload();
  }, [isNeeded]);
  return null;
}

/** The nonce of this document's scripts, for SDKs that insert their own (PayPal's data-csp-nonce). */
export function documentNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
