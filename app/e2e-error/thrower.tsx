'use client';

export function Thrower(): never {
  throw new Error('Deliberate rendering failure for the error boundary test');
}
