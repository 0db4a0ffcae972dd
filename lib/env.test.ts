import { databaseProvider, getEnv } from './env';

const saved = { ...process.env };
afterEach(() => (process.env = { ...saved }));

it('defaults to the embedded SQLite file, port 3000 and no Redis', () => {
  for (const key of ['DATABASE_URL', 'PORT', 'REDIS_URL']) delete process.env[key];
  const env = getEnv();
  expect(env).toMatchObject({ DATABASE_URL: 'file:./.data/app.db', PORT: 3000 });
  expect(env.REDIS_URL).toBeUndefined();
});

it('picks the provider from the URL', () => {
  expect(databaseProvider('file:./x.db')).toBe('sqlite');
  expect(databaseProvider('postgresql://u@h/db')).toBe('postgresql');
});

it('names the variable that is wrong', () => {
  process.env.DATABASE_URL = 'mysql://nope';
  expect(() => getEnv()).toThrow('DATABASE_URL: DATABASE_URL must be a file: URL (SQLite) or a postgresql:// URL');
});

it('refuses a realtime port that is the HTTP port, and takes an empty one as none', () => {
  process.env.PORT = '3000';
  process.env.REALTIME_PORT = '3000';
  expect(() => getEnv()).toThrow('REALTIME_PORT: REALTIME_PORT must differ from PORT');
  process.env.REALTIME_PORT = '3001';
  expect(getEnv().REALTIME_PORT).toBe(3001);
  process.env.REALTIME_PORT = '';
  expect(getEnv().REALTIME_PORT).toBeUndefined();
});
