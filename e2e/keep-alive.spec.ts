import http from 'node:http';
import { expect, test } from '@playwright/test';

// A client that keeps its connection between requests (a proxy's pool, an API client, this suite's
// request contexts) may send the next one after several seconds: the server must not have closed
// the connection meanwhile, or that request fails with a reset.

function get(url: string, agent: http.Agent): Promise<{ status: number; reusedSocket: boolean; keepAlive: http.IncomingHttpHeaders['keep-alive'] }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, reusedSocket: request.reusedSocket, keepAlive: response.headers['keep-alive'] }));
    });
    request.on('error', reject);
  });
}

test('an idle keep-alive connection is still open six seconds later', async ({ baseURL }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(`${baseURL}/api/health`, agent);
    expect(first).toMatchObject({ status: 200, reusedSocket: false, keepAlive: 'timeout=65' });
    // Past Node's default of 5 s, after which the server would have closed it (and the agent dropped it).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await get(`${baseURL}/api/health`, agent)).toMatchObject({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
  }
});
