import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

describe('card number', () => {
  it('groups digits in fours separated by spaces', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
  });

  it('drops anything but digits and stops at 16 digits (19 characters)', () => {
    expect(formatCardNumber('4242-4242 abcd 4242')).toBe('4242 4242 4242');
    const formatted = formatCardNumber('42424242424242421234');
    expect(formatted).toBe('4242 4242 4242 4242');
    expect(formatted).toHaveLength(19);
  });

  it('re-formats an edited value without doubling spaces', () => {
    expect(formatCardNumber('4242 4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });
});

describe('expiry', () => {
  it('shows MM/YY', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12')).toBe('12');
  });

  it('keeps digits only and at most 5 characters', () => {
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('1a2b3c0d9')).toBe('12/30');
    expect(formatExpiry('12/')).toBe('12');
  });
});

describe('CVC', () => {
  it('keeps at most four digits', () => {
    expect(formatCvc('12345')).toBe('1234');
    expect(formatCvc('1x2')).toBe('12');
  });
});
