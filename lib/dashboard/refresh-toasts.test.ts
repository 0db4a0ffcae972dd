import { ApiError } from '../http/api-client';
import { refreshErrorToast, refreshSuccessToast } from './refresh-toasts';

it('reports the remaining daily refreshes on success', () => {
  expect(refreshSuccessToast(99)).toEqual({ title: 'Data Refreshed', description: '99 refreshes remaining today' });
  expect(refreshSuccessToast(1).description).toBe('1 refresh remaining today');
});

it('shows the server message on a 429, or the fallback', () => {
  const limited = new ApiError(429, JSON.stringify({ message: 'Daily refresh limit reached (100 per day).', code: 'rate_limited' }), 'Too Many Requests');
  expect(refreshErrorToast(limited)).toEqual({ title: 'Rate Limit Reached', description: 'Daily refresh limit reached (100 per day).', variant: 'destructive' });
  expect(refreshErrorToast(new ApiError(429, '', 'Too Many Requests'))).toEqual({ title: 'Rate Limit Reached', description: 'Please wait before refreshing again', variant: 'destructive' });
  expect(refreshErrorToast(new Error('429: slow down'))).toMatchObject({ title: 'Rate Limit Reached', description: 'Please wait before refreshing again' });
});

it('shows the generic failure otherwise', () => {
  expect(refreshErrorToast(new ApiError(500, '{"message":"boom"}', 'Internal Server Error'))).toEqual({
    title: 'Refresh Failed',
    description: 'Unable to refresh data at this time',
    variant: 'destructive',
  });
  expect(refreshErrorToast(new TypeError('Failed to fetch')).title).toBe('Refresh Failed');
});
