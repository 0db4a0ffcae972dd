'use client';

import dynamic from 'next/dynamic';

/**
 * The beta gate, for visitors who have not passed it. The root layout renders it or the app, so its
 * code (a tabbed form) loads with the gate only, not with every page of the app; the server renders
 * it all the same.
 */
export const LazyBetaGate = dynamic(() => import('./beta-gate').then((module) => module.BetaGate));
