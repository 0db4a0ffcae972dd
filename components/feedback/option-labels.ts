import type { contactSubjects, priorities, suggestionCategories } from '@/lib/feedback/schema';

// Display names for the enumerations of spec 000 §5; the values themselves come from lib/feedback/schema.ts.

export const categoryLabels: Record<(typeof suggestionCategories)[number], string> = {
  'data-sources': 'Data Sources',
  dashboard: 'Dashboard',
  analytics: 'Analytics',
  alerts: 'Alerts & Notifications',
  'ui-ux': 'UI/UX',
  integrations: 'Integrations',
  mobile: 'Mobile',
  other: 'Other',
};

export const priorityLabels: Record<(typeof priorities)[number], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const subjectLabels: Record<(typeof contactSubjects)[number], string> = {
  'technical-support': 'Technical Support',
  billing: 'Billing',
  'data-request': 'Data Request',
  'feature-request': 'Feature Request',
  partnership: 'Partnership',
  general: 'General Inquiry',
  other: 'Other',
};
