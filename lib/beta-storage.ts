import { themeStorageKey } from './theme';

// The spec's browser storage keys (000 §3). The beta gate's httpOnly cookie is the authority;
// these mirror it so the spec's client behaviour (and suites that preset them) keep working.

export const betaAccessKey = 'betaAccess';
export const betaAccessCodeKey = 'betaAccessCode';
export const betaRequestEmailKey = 'betaRequestEmail';
export const betaAccessEvent = 'beta-access-changed';

export function readStoredBetaAccess(): { granted: boolean; code: string | null } {
  try {
    return { granted: localStorage.getItem(betaAccessKey) === 'granted', code: localStorage.getItem(betaAccessCodeKey) };
  } catch {
    return { granted: false, code: null };
  }
}

export function storeBetaAccess(code: string) {
  localStorage.setItem(betaAccessKey, 'granted');
  localStorage.setItem(betaAccessCodeKey, code.trim().toUpperCase());
  window.dispatchEvent(new Event(betaAccessEvent));
}

export function clearStoredBetaAccess() {
  localStorage.removeItem(betaAccessKey);
  localStorage.removeItem(betaAccessCodeKey);
  window.dispatchEvent(new Event(betaAccessEvent));
}

/**
 * Logout clears local and session storage (spec 000 §4). The beta gate's keys and the theme
 * preference survive: they belong to the browser, not to the account that signed out.
 */
export function clearStorageOnLogout() {
  try {
    const kept = [betaAccessKey, betaAccessCodeKey, themeStorageKey].map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private modes); nothing to clear then.
  }
}
