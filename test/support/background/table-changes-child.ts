// Forked by lib/background/background.int.test.ts in place of background.ts: it opens the process bus
// as the background process does (lib/background/messages.ts) and answers each table change it hears
// from server.ts's side with one of its own, so the test sees announcements cross both ways.
import { processTableChanges } from '../../../lib/cache/table-changes';
import { openProcessBus, type FromBackground, type ToBackground } from '../../../lib/background/messages';
import { RedisBus } from '../../../lib/realtime/bus';

const send = (message: FromBackground) => void process.send?.(message);
const { bus, receive } = openProcessBus(send, 'replica');
const stop = () => void bus.close().then(() => process.exit(0));
process.on('message', (message: ToBackground) => receive(message) || (message.type === 'stop' && stop()));
process.on('disconnect', stop);

const changes = processTableChanges();
changes.subscribe((tables) => {
  if (!tables.includes('FromBackground')) changes.changed(['FromBackground', ...tables]);
});

void (bus instanceof RedisBus ? bus.whenReady() : Promise.resolve()).then(() => send({ type: 'ready' }));
