import { apiRequest } from '@/lib/http/api-client';
import type { ContactInput, SuggestionInput } from './schema';

// The browser side of the suggestion and contact forms: the fetchers their useMutation calls.

export const submitSuggestion = (input: SuggestionInput) => apiRequest('POST', '/api/suggestions', input);
export const sendContactMessage = (input: ContactInput) => apiRequest('POST', '/api/contact', input);
