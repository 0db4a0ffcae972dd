import fs from 'node:fs';
import path from 'node:path';
import { limitOf, rateLimitRules, rateLimitsInForce, type RateLimitName } from './rules';

// Issue 13, point 7: every limit has a variable with today's value as default, and the variables are
// documented where a deployer looks (.env.example, README) and set for QA suites in qa.env.

const root = path.join(__dirname, '..', '..');
const names = Object.keys(rateLimitRules) as RateLimitName[];
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('limitOf', () => {
  it("gives today's values when no variable is set", () => {
    for (const name of names) delete process.env[rateLimitRules[name].variable];
    expect(limitOf('register')).toBe(200);
    expect(limitOf('refresh')).toBe(100);
    expect(limitOf('signInFailuresPerAccount')).toBe(10);
    expect(rateLimitsInForce().every((rule) => rule.isDefault)).toBe(true);
  });

  it('takes the variable when set, trimmed', () => {
    process.env.RATE_LIMIT_REGISTER_PER_HOUR = ' 5000 ';
    expect(limitOf('register')).toBe(5000);
    expect(rateLimitsInForce().filter((rule) => !rule.isDefault)).toEqual([{ name: 'register', variable: 'RATE_LIMIT_REGISTER_PER_HOUR', limit: 5000, isDefault: false }]);
  });

  it('treats an empty variable as unset', () => {
    process.env.RATE_LIMIT_CONTACT_PER_HOUR = '';
    expect(limitOf('contact')).toBe(20);
  });

  it.each(['0', '-5', '1.5', 'lots', '1e12'])('refuses %j, naming the variable', (value) => {
    process.env.RATE_LIMIT_CHAT_PER_MINUTE = value;
    expect(() => limitOf('chat')).toThrow(/RATE_LIMIT_CHAT_PER_MINUTE must be a whole number/);
  });

  it('gives every rule its own variable', () => {
    const variables = names.map((name) => rateLimitRules[name].variable);
    expect(new Set(variables).size).toBe(variables.length);
    for (const variable of variables) expect(variable).toMatch(/^RATE_LIMIT_[A-Z0-9_]+$/);
  });
});

describe('documentation', () => {
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

  it.each(names)('%s is in .env.example and the README', (name) => {
    const { variable, limit } = rateLimitRules[name];
    expect(read('.env.example')).toMatch(new RegExp(`^# .*; default ${limit}\\n${variable}=$`, 'm'));
    expect(read('README.md')).toContain(`| \`${variable}\` | ${limit} |`);
  });

  it('qa.env names only known variables, with valid values', () => {
    const known = new Map<string, RateLimitName>(names.map((name) => [rateLimitRules[name].variable, name]));
    const lines = read('qa.env').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const [variable, value] = line.split('=') as [string, string];
      expect(known.has(variable)).toBe(true);
      process.env[variable] = value;
      expect(limitOf(known.get(variable)!)).toBeGreaterThanOrEqual(rateLimitRules[known.get(variable)!].limit);
    }
    // A suite of 1,000 registrations from one address fits.
    expect(limitOf('register')).toBeGreaterThanOrEqual(1000);
  });
});
