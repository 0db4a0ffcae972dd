import fs from 'node:fs';
import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';

// The repository's configuration files for outside tools (the shadcn CLI, Playwright against a
// deployment, Vercel), read the way those tools read them.

const root = process.cwd();

function loadPlaywrightConfig(env: Record<string, string | undefined>): PlaywrightTestConfig {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  try {
    let config: PlaywrightTestConfig | undefined;
    jest.isolateModules(() => {
      // @playwright/test refuses to load twice in one process; its defineConfig only returns the object.
      jest.doMock('@playwright/test', () => ({ defineConfig: (value: PlaywrightTestConfig) => value }));
      config = (jest.requireActual('./playwright.config') as { default: PlaywrightTestConfig }).default;
    });
    return config!;
  } finally {
    process.env = saved;
  }
}

describe('components.json (shadcn CLI)', () => {
  const config = JSON.parse(fs.readFileSync(path.join(root, 'components.json'), 'utf8')) as {
    tailwind: { config: string; css: string };
    aliases: Record<string, string>;
  };

  it('names the Tailwind 4 stylesheet and no Tailwind config file', () => {
    expect(fs.readFileSync(path.join(root, config.tailwind.css), 'utf8')).toMatch(/^@import 'tailwindcss';/m);
    expect(config.tailwind.config).toBe('');
  });

  it('points every alias at a folder or module that exists, through tsconfig paths', () => {
    for (const [name, alias] of Object.entries(config.aliases)) {
      expect(alias).toMatch(/^@\//);
      const target = path.join(root, alias.slice(2));
      expect([target, `${target}.ts`, `${target}.tsx`].some((candidate) => fs.existsSync(candidate)) ? name : `${name}: ${alias} is missing`).toBe(name);
    }
    expect(fs.existsSync(path.join(root, config.aliases.ui!.slice(2), 'button.tsx'))).toBe(true);
  });
});

describe('playwright.config.ts', () => {
  it('starts its own servers when no deployment is named', () => {
    const config = loadPlaywrightConfig({ PLAYWRIGHT_BASE_URL: undefined });
    expect(Array.isArray(config.webServer) && config.webServer.length).toBeGreaterThan(0);
    expect(config.grep).toBeUndefined();
    expect(config.projects!.map((project) => project.name)).toEqual(['server', 'next-start']);
  });

  it('against a deployment: no server, its URL, the @deployment tests, Chromium unless told otherwise', () => {
    const config = loadPlaywrightConfig({ PLAYWRIGHT_BASE_URL: 'https://preview.example.com/', VERCEL_AUTOMATION_BYPASS_SECRET: undefined, PLAYWRIGHT_BROWSERS: undefined });
    expect(config.webServer).toBeUndefined();
    expect(config.use!.baseURL).toBe('https://preview.example.com');
    expect(config.use!.extraHTTPHeaders).toBeUndefined();
    expect(String(config.grep)).toBe('/@deployment/');
    expect(config.projects!.map((project) => project.name)).toEqual(['chromium']);
  });

  it('sends the Vercel protection bypass and runs the browsers PLAYWRIGHT_BROWSERS names', () => {
    const config = loadPlaywrightConfig({ PLAYWRIGHT_BASE_URL: 'https://preview.example.com', VERCEL_AUTOMATION_BYPASS_SECRET: 's3cret', PLAYWRIGHT_BROWSERS: 'firefox, webkit' });
    expect(config.use!.extraHTTPHeaders).toEqual({ 'x-vercel-protection-bypass': 's3cret', 'x-vercel-set-bypass-cookie': 'true' });
    expect(config.projects!.map((project) => [project.name, project.use!.browserName])).toEqual([
      ['firefox', 'firefox'],
      ['webkit', 'webkit'],
    ]);
    expect(() => loadPlaywrightConfig({ PLAYWRIGHT_BASE_URL: 'https://preview.example.com', PLAYWRIGHT_BROWSERS: 'safari' })).toThrow(/PLAYWRIGHT_BROWSERS names safari/);
  });

  it('uses Playwright\'s own Chromium when none is installed at the Debian path or named', () => {
    const existsSync = fs.existsSync.bind(fs);
    const exists = jest.spyOn(fs, 'existsSync').mockImplementation((file) => file !== '/usr/bin/chromium' && existsSync(file));
    try {
      const config = loadPlaywrightConfig({ PLAYWRIGHT_BASE_URL: 'https://preview.example.com', CHROMIUM_PATH: undefined, PLAYWRIGHT_BROWSERS: undefined });
      expect(config.projects![0]!.use!.launchOptions!.executablePath).toBeUndefined();
    } finally {
      exists.mockRestore();
    }
  });
});

describe('vercel.json', () => {
  const config = JSON.parse(fs.readFileSync(path.join(root, 'vercel.json'), 'utf8')) as { buildCommand: string; crons: { path: string; schedule: string }[] };
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('builds after migrating and seeding only an empty database', () => {
    expect(config.buildCommand).toBe('npm run db:deploy && npm run build');
    expect(scripts['db:deploy']).toBe('tsx scripts/db.ts deploy');
  });

  it('calls the cron route every minute, which runs only the due jobs within its maxDuration', () => {
    expect(config.crons).toEqual([{ path: '/api/cron', schedule: '* * * * *' }]);
    const cronRoute = fs.readFileSync(path.join(root, 'app/api/cron/route.ts'), 'utf8');
    expect(cronRoute).toMatch(/^export const maxDuration = 60;$/m);
    expect(cronRoute).toContain('runDueJobs(');
  });
});
