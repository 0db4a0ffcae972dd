// The spec's browser storage keys (000 §3). The beta gate's httpOnly cookie is the authority;
// these mirror it so the spec's client behaviour (and suites that preset them) keep working.

export const betaAccessKey = 'betaAccess';
const betaAccessCodeKey = 'betaAccessCode';
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
 * Logout clears local and session storage, all of it (spec 000 §4; issue 13): betaAccess, betaAccessCode,
 * betaRequestEmail and the theme preference too, so the gate shows again (the logout call drops its
 * cookie) and the theme returns to the default, dark.
 */
export function clearStorageOnLogout() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private modes); nothing to clear then.
  }
}
