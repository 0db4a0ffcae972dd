// Spec 001 §8, the chat's error texts, word for word.

export const chatFailureMessage = "I'm having trouble processing your request. Please try again.";
export const analyzeFailureMessage =
  "I couldn't analyze that company. Please provide more specific information like the company name, ticker, or crypto holdings.";
export const addCompanyFailureMessage = (message: string) => `Failed to add company: ${message}`;
export const alreadyTrackedMessage = 'Company is already tracked';
export const chatRateLimitMessage = 'Too many chat requests. Please wait a minute and try again.';
export const addCompanyRateLimitMessage = 'Too many companies added. Please try again in an hour.';
