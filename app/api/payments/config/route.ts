import { route } from '@/lib/http/route';
import { cryptoConfigured, paypalConfigured, readPaymentsConfig, squareConfigured } from '@/lib/payments/config';
import { noStore } from '@/lib/payments/http';

// Public: the browser reads the providers' public keys here rather than from build-time variables.
export const GET = route(async () => {
  const config = readPaymentsConfig();
  return Response.json(
    {
      mode: config.demoMode ? 'demo' : 'live',
      stripePublishableKey: config.demoMode ? null : (config.stripe.publishableKey ?? null),
      paypalClientId: paypalConfigured(config) ? config.paypal.clientId! : null,
      squareApplicationId: squareConfigured(config) ? config.square.applicationId! : null,
      squareLocationId: squareConfigured(config) ? config.square.locationId! : null,
      squareEnvironment: config.square.environment,
      cryptoEnabled: cryptoConfigured(config),
    },
    { headers: noStore },
  );
});
