/** Runs `check` as a deployment without the variable `name` would, then puts the variable back as it was. */
export async function withoutEnv<T>(name: string, check: () => Promise<T>): Promise<T> {
  const saved = process.env[name];
  delete process.env[name];
  try {
    return await check();
  } finally {
    if (saved !== undefined) process.env[name] = saved;
  }
}
