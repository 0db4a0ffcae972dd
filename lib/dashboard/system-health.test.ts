import { apiHealthOf, overallStatus, responseTimeLabel, websocketHealth } from './system-health';

it('labels response times at the spec thresholds', () => {
  expect([0, 199, 200, 499, 500, 999, 1000, 5000].map(responseTimeLabel)).toEqual(['Excellent', 'Excellent', 'Good', 'Good', 'Fair', 'Fair', 'Slow', 'Slow']);
});

it('reads the overall status in the spec words', () => {
  expect(overallStatus('healthy', 'connected')).toBe('all operational');
  expect(overallStatus('healthy', 'connecting')).toBe('minor issues');
  expect(overallStatus('degraded', 'connected')).toBe('minor issues');
  expect(overallStatus('healthy', 'disconnected')).toBe('minor issues');
  expect(overallStatus('down', 'connected')).toBe('system issues');
});

it('folds connection states into connected, connecting and disconnected', () => {
  expect(websocketHealth('connected')).toBe('connected');
  expect(websocketHealth('connecting')).toBe('connecting');
  expect(websocketHealth('error')).toBe('disconnected');
  expect(websocketHealth('polling')).toBe('disconnected');
  expect(websocketHealth('disconnected')).toBe('disconnected');
});

it('treats an unreadable health answer as down', () => {
  expect(apiHealthOf({ status: 'degraded' })).toBe('degraded');
  expect(apiHealthOf({ status: 'weird' })).toBe('down');
  expect(apiHealthOf(null)).toBe('down');
});
