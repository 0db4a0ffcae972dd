import { afterResponse } from './after-response';

describe('afterResponse', () => {
  it('outside a request scope (a route handler called directly) leaves the started work running', async () => {
    let finished = false;
    const work = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => {
      finished = true;
    });
    expect(() => afterResponse(work)).not.toThrow();
    await work;
    expect(finished).toBe(true);
  });
});
