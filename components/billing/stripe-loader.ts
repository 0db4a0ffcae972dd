import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// The pure entry fetches Stripe.js only when a key is used; the default entry injects the script on
// import, on every page that bundles it, and stalls page loads where js.stripe.com is unreachable.
const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key: Elements must not get a new promise on every render. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}
