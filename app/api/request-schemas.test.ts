import type { ZodType } from 'zod';
import { affiliateLinkSchema } from '@/lib/affiliate/schema';
import {
  authenticatorCodeMessage,
  backupCodeSchema,
  betaCodeSchema,
  betaRequestSchema,
  changePasswordFormSchema,
  changePasswordSchema,
  loginSchema,
  mfaDisableMarker,
  mfaDisableSchema,
  mfaVerifySchema,
  mfaVerifySetupSchema,
  registerSchema,
  totpCodeSchema,
} from '@/lib/auth/schema';
import { contactSchema, contactSubjects, priorities, suggestionCategories, suggestionSchema } from '@/lib/feedback/schema';

// Every request schema of spec 000 §5's forms, whichever domain it serves, against the spec's messages.

/** The issues a schema reports, as `path: message` lines (path omitted for a top-level value). */
function issues(schema: ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

function parsed<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected ${JSON.stringify(input)} to parse: ${result.error.message}`);
  return result.data;
}

const x = (length: number) => 'x'.repeat(length);
/** A syntactically valid address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 64 - 1 - 4)}.com`;

describe('loginSchema', () => {
  it('trims and lowercases the email and keeps the password as typed', () => {
    expect(parsed(loginSchema, { email: '  Jane.Doe@Example.COM ', password: ' Secret1 ' })).toEqual({
      email: 'jane.doe@example.com',
      password: ' Secret1 ',
    });
  });

  it.each(['', '   ', 'not-an-email', 'jane@', '@example.com', 'jane doe@example.com'])('refuses the email %j', (email) => {
    expect(issues(loginSchema, { email, password: 'secret1' })).toEqual(['email: Please enter a valid email']);
  });

  it('refuses an email longer than 254 characters with the same message', () => {
    expect(emailOfLength(254)).toHaveLength(254);
    expect(issues(loginSchema, { email: emailOfLength(255), password: 'secret1' })).toEqual(['email: Please enter a valid email']);
  });

  it('needs a password of 6 to 256 characters', () => {
    expect(issues(loginSchema, { email: 'a@b.co', password: x(5) })).toEqual(['password: Password must be at least 6 characters']);
    expect(issues(loginSchema, { email: 'a@b.co', password: '' })).toEqual(['password: Password must be at least 6 characters']);
    expect(issues(loginSchema, { email: 'a@b.co', password: x(6) })).toEqual([]);
    expect(issues(loginSchema, { email: 'a@b.co', password: x(256) })).toEqual([]);
    expect(issues(loginSchema, { email: 'a@b.co', password: x(257) })).toEqual(['password: Password must be at most 256 characters']);
  });

  it('reports both fields at once', () => {
    expect(issues(loginSchema, { email: 'nope', password: '123' })).toEqual([
      'email: Please enter a valid email',
      'password: Password must be at least 6 characters',
    ]);
  });

  it('refuses missing fields and non-strings', () => {
    expect(issues(loginSchema, {}).map((line) => line.split(':')[0])).toEqual(['email', 'password']);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 12345678 }).success).toBe(false);
    expect(loginSchema.safeParse(null).success).toBe(false);
  });
});

describe('registerSchema', () => {
  const valid = { firstName: ' Jane ', lastName: ' Doe ', email: 'JANE@example.com', password: 'abcdefgh' };

  it('trims the names and normalises the email', () => {
    expect(parsed(registerSchema, valid)).toEqual({ firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', password: 'abcdefgh' });
  });

  it('requires first and last name (blank counts as missing)', () => {
    expect(issues(registerSchema, { ...valid, firstName: '' })).toEqual(['firstName: First name is required']);
    expect(issues(registerSchema, { ...valid, firstName: '   ' })).toEqual(['firstName: First name is required']);
    expect(issues(registerSchema, { ...valid, lastName: '' })).toEqual(['lastName: Last name is required']);
    expect(issues(registerSchema, { ...valid, lastName: '\t' })).toEqual(['lastName: Last name is required']);
  });

  it('caps names at 100 characters after trimming', () => {
    expect(issues(registerSchema, { ...valid, firstName: ` ${x(100)} ` })).toEqual([]);
    expect(issues(registerSchema, { ...valid, firstName: x(101) })).toEqual(['firstName: Must be at most 100 characters']);
    expect(issues(registerSchema, { ...valid, lastName: x(101) })).toEqual(['lastName: Must be at most 100 characters']);
  });

  it('needs a valid email', () => {
    expect(issues(registerSchema, { ...valid, email: 'jane.example.com' })).toEqual(['email: Please enter a valid email']);
  });

  it('needs a password of at least 8 characters (stricter than login)', () => {
    expect(issues(registerSchema, { ...valid, password: x(7) })).toEqual(['password: Password must be at least 8 characters']);
    expect(issues(registerSchema, { ...valid, password: x(8) })).toEqual([]);
    expect(issues(registerSchema, { ...valid, password: x(257) })).toEqual(['password: Password must be at most 256 characters']);
  });

  it('reports every field of an empty form with the spec messages', () => {
    expect(issues(registerSchema, { firstName: '', lastName: '', email: '', password: '' })).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Please enter a valid email',
      'password: Password must be at least 8 characters',
    ]);
  });
});

describe('changePasswordFormSchema', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('accepts a matching confirmation', () => {
    expect(parsed(changePasswordFormSchema, valid)).toEqual(valid);
  });

  it('uses the spec message for each rule', () => {
    expect(issues(changePasswordFormSchema, { ...valid, currentPassword: '' })).toEqual(['currentPassword: Current password is required']);
    expect(issues(changePasswordFormSchema, { ...valid, newPassword: x(5), confirmPassword: x(5) })).toEqual([
      'newPassword: New password must be at least 6 characters',
    ]);
    expect(issues(changePasswordFormSchema, { ...valid, newPassword: x(257), confirmPassword: x(257) })).toEqual([
      'newPassword: Password must be at most 256 characters',
    ]);
    expect(issues(changePasswordFormSchema, { ...valid, confirmPassword: '' })[0]).toBe('confirmPassword: Please confirm your new password');
  });

  it('reports a blank confirmation first, then the mismatch (forms and the API show the first)', () => {
    expect(issues(changePasswordFormSchema, { ...valid, confirmPassword: '' })).toEqual([
      'confirmPassword: Please confirm your new password',
      "confirmPassword: Passwords don't match",
    ]);
  });

  it("puts Passwords don't match on the confirmation field", () => {
    expect(issues(changePasswordFormSchema, { ...valid, confirmPassword: 'new-secreT' })).toEqual(["confirmPassword: Passwords don't match"]);
  });

  it('accepts a new password of exactly 6 characters', () => {
    expect(issues(changePasswordFormSchema, { ...valid, newPassword: x(6), confirmPassword: x(6) })).toEqual([]);
  });
});

describe('changePasswordSchema (the API payload)', () => {
  it('takes only currentPassword and newPassword', () => {
    expect(parsed(changePasswordSchema, { currentPassword: 'a', newPassword: 'abcdef', confirmPassword: 'zzz' })).toEqual({
      currentPassword: 'a',
      newPassword: 'abcdef',
    });
  });

  it('applies the same rules as the form', () => {
    expect(issues(changePasswordSchema, { currentPassword: '', newPassword: 'abcde' })).toEqual([
      'currentPassword: Current password is required',
      'newPassword: New password must be at least 6 characters',
    ]);
    expect(issues(changePasswordSchema, { currentPassword: x(257), newPassword: x(257) })).toEqual([
      'currentPassword: Password must be at most 256 characters',
      'newPassword: Password must be at most 256 characters',
    ]);
  });
});

describe('totpCodeSchema', () => {
  it('accepts exactly six digits, trimmed', () => {
    expect(parsed(totpCodeSchema, '012345')).toBe('012345');
    expect(parsed(totpCodeSchema, ' 287082\n')).toBe('287082');
  });

  it.each(['', '12345', '1234567', '12 345', '12345a', 'abcdef', '١٢٣٤٥٦', '-12345'])('refuses %j with the authenticator message', (code) => {
    expect(issues(totpCodeSchema, code)).toEqual(['Please enter a 6-digit code from your authenticator app.']);
  });

  it('exports the message used by the verification forms', () => {
    expect(authenticatorCodeMessage).toBe('Please enter a 6-digit code from your authenticator app.');
  });
});

describe('backupCodeSchema', () => {
  it('trims and uppercases', () => {
    expect(parsed(backupCodeSchema, '  abcd-efgh ')).toBe('ABCD-EFGH');
  });

  it('refuses a blank code and an overlong one', () => {
    expect(issues(backupCodeSchema, '')).toEqual(['Please enter a backup code']);
    expect(issues(backupCodeSchema, '    ')).toEqual(['Please enter a backup code']);
    expect(issues(backupCodeSchema, x(32))).toEqual([]);
    expect(issues(backupCodeSchema, x(33))).toEqual(['Invalid backup code']);
  });
});

describe('mfaVerifySetupSchema', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('accepts the setup secret and a 6-digit code', () => {
    expect(parsed(mfaVerifySetupSchema, { tempSecret: ` ${secret} `, code: '123456' })).toEqual({ tempSecret: secret, code: '123456' });
  });

  it('refuses a short secret and a bad code', () => {
    expect(issues(mfaVerifySetupSchema, { tempSecret: 'GEZDGNBV', code: '12345' })).toEqual([
      'tempSecret: tempSecret is required',
      `code: ${authenticatorCodeMessage}`,
    ]);
    expect(mfaVerifySetupSchema.safeParse({ tempSecret: x(129), code: '123456' }).success).toBe(false);
  });
});

describe('mfaVerifySchema', () => {
  it('defaults useBackup to false and then needs a 6-digit code', () => {
    expect(parsed(mfaVerifySchema, { userId: ' u1 ', code: ' 123456 ' })).toEqual({ userId: 'u1', code: '123456', useBackup: false });
    expect(issues(mfaVerifySchema, { userId: 'u1', code: 'ABCD-EFGH' })).toEqual([`code: ${authenticatorCodeMessage}`]);
    expect(issues(mfaVerifySchema, { userId: 'u1', code: '12345', useBackup: false })).toEqual([`code: ${authenticatorCodeMessage}`]);
  });

  it('accepts any non-blank code up to 32 characters as a backup code', () => {
    expect(parsed(mfaVerifySchema, { userId: 'u1', code: 'abcd-efgh', useBackup: true })).toEqual({ userId: 'u1', code: 'abcd-efgh', useBackup: true });
    expect(issues(mfaVerifySchema, { userId: 'u1', code: x(33), useBackup: true })).toHaveLength(1);
  });

  it('asks for a code when it is blank, whichever mode', () => {
    expect(issues(mfaVerifySchema, { userId: 'u1', code: '  ', useBackup: true })).toEqual(['code: Please enter a backup code or a 6-digit code']);
    // In authenticator mode the 6-digit rule also fires; the first message (the one shown) asks for a code.
    expect(issues(mfaVerifySchema, { userId: 'u1', code: '' })).toEqual([
      'code: Please enter a backup code or a 6-digit code',
      `code: ${authenticatorCodeMessage}`,
    ]);
  });

  it('requires a userId', () => {
    expect(issues(mfaVerifySchema, { userId: ' ', code: '123456' })).toEqual(['userId: userId is required']);
    expect(mfaVerifySchema.safeParse({ userId: x(65), code: '123456' }).success).toBe(false);
  });

  it('refuses a non-boolean useBackup', () => {
    expect(mfaVerifySchema.safeParse({ userId: 'u1', code: 'ABCD-EFGH', useBackup: 'true' }).success).toBe(false);
  });
});

describe('mfaDisableSchema', () => {
  it('accepts the fixed marker the client sends', () => {
    expect(mfaDisableMarker).toBe('VERIFIED');
    expect(parsed(mfaDisableSchema, { verificationCode: mfaDisableMarker })).toEqual({ verificationCode: 'VERIFIED' });
  });

  it('requires a verification code', () => {
    expect(issues(mfaDisableSchema, { verificationCode: ' ' })).toEqual(['verificationCode: verificationCode is required']);
    expect(mfaDisableSchema.safeParse({ verificationCode: x(65) }).success).toBe(false);
  });
});

describe('betaCodeSchema and betaRequestSchema', () => {
  it('requires an invitation code, trimmed, at most 64 characters', () => {
    expect(parsed(betaCodeSchema, { code: ' treasury2026 ' })).toEqual({ code: 'treasury2026' });
    expect(issues(betaCodeSchema, { code: '' })).toEqual(['code: Please enter your invitation code']);
    expect(issues(betaCodeSchema, { code: '   ' })).toEqual(['code: Please enter your invitation code']);
    expect(issues(betaCodeSchema, { code: x(65) })).toEqual(['code: Invalid Access Code']);
  });

  it('requires a valid request email', () => {
    expect(parsed(betaRequestSchema, { email: ' Analyst@Fund.com ' })).toEqual({ email: 'analyst@fund.com' });
    expect(issues(betaRequestSchema, { email: '' })).toEqual(['email: Please enter a valid email']);
    expect(issues(betaRequestSchema, { email: 'analyst' })).toEqual(['email: Please enter a valid email']);
  });
});

describe('suggestionSchema', () => {
  const valid = { category: 'dashboard', title: 'Dark charts', description: 'Please add a dark chart theme.', priority: 'medium' };

  it('lists the spec enumerations', () => {
    expect(suggestionCategories).toEqual(['data-sources', 'dashboard', 'analytics', 'alerts', 'ui-ux', 'integrations', 'mobile', 'other']);
    expect(priorities).toEqual(['low', 'medium', 'high', 'critical']);
  });

  it.each(suggestionCategories)('accepts the category %s', (category) => {
    expect(issues(suggestionSchema, { ...valid, category })).toEqual([]);
  });

  it.each(priorities)('accepts the priority %s', (priority) => {
    expect(issues(suggestionSchema, { ...valid, priority })).toEqual([]);
  });

  it('treats the email as optional: missing or empty becomes undefined, a given one is normalised', () => {
    expect(parsed(suggestionSchema, valid).email).toBeUndefined();
    expect(parsed(suggestionSchema, { ...valid, email: '' }).email).toBeUndefined();
    expect(parsed(suggestionSchema, { ...valid, email: '   ' }).email).toBeUndefined();
    expect(parsed(suggestionSchema, { ...valid, email: ' Me@Example.com ' }).email).toBe('me@example.com');
  });

  it('refuses an invalid email when one is given', () => {
    expect(issues(suggestionSchema, { ...valid, email: 'me-at-example' })).toEqual(['email: Please enter a valid email']);
  });

  it('uses the spec message for each rule', () => {
    expect(issues(suggestionSchema, { ...valid, category: 'pricing' })).toEqual(['category: Please select a category']);
    expect(issues(suggestionSchema, { ...valid, category: undefined })).toEqual(['category: Please select a category']);
    expect(issues(suggestionSchema, { ...valid, title: ' ab ' })).toEqual(['title: Title must be at least 3 characters']);
    expect(issues(suggestionSchema, { ...valid, description: x(9) })).toEqual(['description: Please provide a detailed description (minimum 10 characters)']);
    expect(issues(suggestionSchema, { ...valid, priority: 'urgent' })).toEqual(['priority: Please select a priority level']);
    expect(issues(suggestionSchema, { ...valid, priority: '' })).toEqual(['priority: Please select a priority level']);
  });

  it('accepts the minimum lengths and caps title and description', () => {
    expect(issues(suggestionSchema, { ...valid, title: x(3), description: x(10) })).toEqual([]);
    expect(issues(suggestionSchema, { ...valid, title: x(201) })).toEqual(['title: Must be at most 200 characters']);
    expect(issues(suggestionSchema, { ...valid, description: x(5001) })).toEqual(['description: Must be at most 5000 characters']);
  });

  it('reports every field of an empty form', () => {
    expect(issues(suggestionSchema, { category: '', title: '', description: '', priority: '', email: 'x' })).toEqual([
      'category: Please select a category',
      'title: Title must be at least 3 characters',
      'description: Please provide a detailed description (minimum 10 characters)',
      'priority: Please select a priority level',
      'email: Please enter a valid email',
    ]);
  });
});

describe('contactSchema', () => {
  const valid = { name: 'Jo', email: 'jo@example.com', subject: 'billing', message: 'Invoice for May please', urgency: 'low' };

  it('lists the spec subjects', () => {
    expect(contactSubjects).toEqual(['technical-support', 'billing', 'data-request', 'feature-request', 'partnership', 'general', 'other']);
  });

  it.each(contactSubjects)('accepts the subject %s', (subject) => {
    expect(issues(contactSchema, { ...valid, subject })).toEqual([]);
  });

  it.each(priorities)('accepts the urgency %s', (urgency) => {
    expect(issues(contactSchema, { ...valid, urgency })).toEqual([]);
  });

  it('trims the text fields and normalises the email', () => {
    expect(parsed(contactSchema, { ...valid, name: ' Jo ', email: ' JO@Example.com', message: ` ${x(10)} ` })).toEqual({
      ...valid,
      email: 'jo@example.com',
      message: x(10),
    });
  });

  it('reports every field of an empty form with the spec messages', () => {
    expect(issues(contactSchema, { name: ' J ', email: 'jo', subject: 'sales', message: x(9), urgency: 'asap' })).toEqual([
      'name: Name must be at least 2 characters',
      'email: Please enter a valid email',
      'subject: Please select a subject',
      'message: Message must be at least 10 characters',
      'urgency: Please select urgency level',
    ]);
  });

  it('caps name and message', () => {
    expect(issues(contactSchema, { ...valid, name: x(201) })).toEqual(['name: Must be at most 200 characters']);
    expect(issues(contactSchema, { ...valid, message: x(5001) })).toEqual(['message: Must be at most 5000 characters']);
  });
});

describe('affiliateLinkSchema', () => {
  it('needs a non-blank name of at most 100 characters', () => {
    expect(parsed(affiliateLinkSchema, { name: ' Newsletter ' })).toEqual({ name: 'Newsletter' });
    expect(issues(affiliateLinkSchema, { name: '' })).toEqual(['name: Please enter a link name']);
    expect(issues(affiliateLinkSchema, { name: '   ' })).toEqual(['name: Please enter a link name']);
    expect(issues(affiliateLinkSchema, { name: x(101) })).toEqual(['name: Must be at most 100 characters']);
  });
});

// Spec 000 §5's table: the form's message whether the field is absent, empty, blank, null or of the
// wrong type (issue 13: an API client that leaves a field out reads the same words as the form).
describe('a missing, empty or wrong-typed field reads the spec message', () => {
  const validRegister = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Vault-Ledger-2049' };
  const validLogin = { email: 'ada@example.com', password: 'secret1' };
  const validPasswordForm = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };
  const validSuggestion = { category: 'dashboard', title: 'Better charts', description: 'Please add a yearly view.', priority: 'low' };
  const validContact = { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hello there, a question.', urgency: 'low' };

  const table: [string, ZodType, Record<string, unknown>, string, string][] = [
    ['Login', loginSchema, validLogin, 'email', 'Please enter a valid email'],
    ['Login', loginSchema, validLogin, 'password', 'Password must be at least 6 characters'],
    ['Register', registerSchema, validRegister, 'firstName', 'First name is required'],
    ['Register', registerSchema, validRegister, 'lastName', 'Last name is required'],
    ['Register', registerSchema, validRegister, 'email', 'Please enter a valid email'],
    ['Register', registerSchema, validRegister, 'password', 'Password must be at least 8 characters'],
    ['Change password (form)', changePasswordFormSchema, validPasswordForm, 'currentPassword', 'Current password is required'],
    ['Change password (form)', changePasswordFormSchema, validPasswordForm, 'newPassword', 'New password must be at least 6 characters'],
    ['Change password (form)', changePasswordFormSchema, validPasswordForm, 'confirmPassword', 'Please confirm your new password'],
    ['Change password (API)', changePasswordSchema, validPasswordForm, 'currentPassword', 'Current password is required'],
    ['Change password (API)', changePasswordSchema, validPasswordForm, 'newPassword', 'New password must be at least 6 characters'],
    ['Suggestion', suggestionSchema, validSuggestion, 'category', 'Please select a category'],
    ['Suggestion', suggestionSchema, validSuggestion, 'title', 'Title must be at least 3 characters'],
    ['Suggestion', suggestionSchema, validSuggestion, 'description', 'Please provide a detailed description (minimum 10 characters)'],
    ['Suggestion', suggestionSchema, validSuggestion, 'priority', 'Please select a priority level'],
    ['Contact', contactSchema, validContact, 'name', 'Name must be at least 2 characters'],
    ['Contact', contactSchema, validContact, 'email', 'Please enter a valid email'],
    ['Contact', contactSchema, validContact, 'subject', 'Please select a subject'],
    ['Contact', contactSchema, validContact, 'message', 'Message must be at least 10 characters'],
    ['Contact', contactSchema, validContact, 'urgency', 'Please select urgency level'],
    ['Beta code', betaCodeSchema, { code: 'TREASURY2026' }, 'code', 'Please enter your invitation code'],
    ['Beta request', betaRequestSchema, { email: 'ada@example.com' }, 'email', 'Please enter a valid email'],
    ['Affiliate link', affiliateLinkSchema, { name: 'Launch' }, 'name', 'Please enter a link name'],
  ];
  const variants: [string, (valid: Record<string, unknown>, field: string) => Record<string, unknown>][] = [
    ['absent', (valid, field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field))],
    ['undefined', (valid, field) => ({ ...valid, [field]: undefined })],
    ['null', (valid, field) => ({ ...valid, [field]: null })],
    ['empty', (valid, field) => ({ ...valid, [field]: '' })],
    ['a number', (valid, field) => ({ ...valid, [field]: 42 })],
    ['an object', (valid, field) => ({ ...valid, [field]: { value: 'x' } })],
  ];

  describe.each(table)('%s: %s', (_form, schema, valid, field, message) => {
    it.each(variants)(`${field} %s`, (_variant, make) => {
      // The form shows a field's first problem; a cross-field rule may add a second one (newPassword vs confirmPassword).
      const found = issues(schema, make(valid, field));
      expect(found.find((line) => line.startsWith(`${field}: `))).toBe(`${field}: ${message}`);
      expect(found.filter((line) => !line.startsWith(`${field}: `) && line !== "confirmPassword: Passwords don't match")).toEqual([]);
    });
  });

  it('an optional suggestion email of the wrong type reads the email message', () => {
    expect(issues(suggestionSchema, { ...validSuggestion, email: 42 })).toEqual(['email: Please enter a valid email']);
  });
});
