'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchPaymentConfig, paymentKeys } from './payment-api';

/** Which providers the server is configured with; demo mode when it has no card provider keys. */
export function usePaymentConfig() {
  return useQuery({ queryKey: paymentKeys.config, queryFn: fetchPaymentConfig, staleTime: 300_000 });
}
