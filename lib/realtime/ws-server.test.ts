import type { Writable } from 'node:stream';
import * as ws from 'ws';
import { textFrame, upgradePathname } from './ws-server';

/** ws's frame parser, which its typings leave out. */
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => Writable };

// The fan-out writes frames it built itself under ws: they must be what any WebSocket peer reads as
// one whole text message, for each of the three length encodings (RFC 6455 §5.2).

function readBack(frame: Buffer): Promise<{ text: string; isBinary: boolean }> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) => resolve({ text: data.toString(), isBinary }));
    receiver.on('error', reject);
    receiver.write(frame);
  });
}

describe('textFrame', () => {
  it.each([0, 5, 125, 126, 200, 65_535, 65_536, 70_000])('frames a %i-byte message as one text message', async (length) => {
    const text = 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2);
    const payload = Buffer.from(text);
    expect(payload.length).toBe(length);
    const frame = textFrame(payload);
    expect(frame.length).toBe(payload.length + (length < 126 ? 2 : length < 65_536 ? 4 : 10));
    expect(await readBack(frame)).toEqual({ text, isBinary: false });
  });
});

describe('upgradePathname', () => {
  it('reads the path of an origin-form or absolute-form target, and refuses what is no URL', () => {
    expect(upgradePathname('/ws')).toBe('/ws');
    expect(upgradePathname('/ws?x=1')).toBe('/ws');
    expect(upgradePathname('http://example.test/ws')).toBe('/ws');
    expect(upgradePathname(undefined)).toBe('/');
    expect(upgradePathname('http://[')).toBeUndefined();
  });
});
