// The checkout's failure toasts, worded by spec 001 §8; the demo and the Stripe card form show the same ones.

export const paymentFailedToast = {
  title: 'Payment Failed',
  description: 'There was an issue processing your payment. Please try again.',
  variant: 'destructive',
} as const;

export const authErrorToast = { title: 'Authentication Error', description: 'Please log in and try again.', variant: 'destructive' } as const;
