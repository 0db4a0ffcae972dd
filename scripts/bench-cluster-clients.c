// bench:cluster's WebSocket clients as one native process (scripts/bench-cluster-native.ts builds it with
// the machine's C compiler and speaks to it): the same clients as scripts/bench-cluster-clients.ts, each
// behaving as lib/realtime/client.ts does, for a fraction of the CPU. The benchmark's 5,000 clients
// share two cores with the instances they measure; in JavaScript they took about 0.3 of a core for their
// own work (decoding frames, copies, garbage collection), time the instances then waited for.
//
// Each client opens a TCP socket, upgrades it (RFC 6455 §4.1, the answer's Sec-WebSocket-Accept
// checked), subscribes to signals with the newest event id it holds, and reads unmasked frames. 3 s
// after a lost or failed connection, within a second after a 1012, it connects again; a handshake not
// done in 5 s is abandoned (the delays come in on the command line, from lib/realtime/client.ts).
//
//   bench-cluster-clients <host> <port> <path> <runId> <cookieFile> <reconnectDelayMs> <connectTimeoutMs>
//                         <restartJitterMs> <resumingMs> <openBatch>
//
// Commands on stdin, one per line: `open` (every client, a batch at a time, each batch subscribed
// before the next), `phase 0|1` (whether the fan-out counts as steady), `stop` (report and exit).
// Lines on stdout:
//   O                                   every client was opened
//   S <slot> <at> <handshakeMs> <subscribeMs> <attempts> <incomplete>   subscribed (again)
//   L <slot> <at>                       a subscribed client lost its socket
//   F <slot> <timedOut>                 a handshake failed (timed out: 1)
//   W <count>                           the warm-up's signals read by all clients so far
// and after `stop`: `I <slot> <id>…` (every event id received, duplicates included), `D <latencyMs> <n>
// <resuming> <steady>` (each live delivery), `R <slot> <replayed>` (deliveries replayed on resume),
// `P <p99 ms of the time one wake-up's work took> <text frames whose fields were not found>`, `E`.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/** The monotonic clock, for delays and timers (a step of the wall clock must not shift them). */
static int64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int64_t monotonic_ms(void) { return now_us() / 1000; }

static void fatal(const char *message) {
  fprintf(stderr, "bench-cluster-clients: %s\n", message);
  exit(2);
}

static void *grow(void *items, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return items;
  size_t next = *capacity ? *capacity * 2 : 16;
  while (next < needed) next *= 2;
  void *grown = realloc(items, next * size);
  if (!grown) {
    perror("realloc");
    exit(2);
  }
  *capacity = next;
  return grown;
}

// ---------------------------------------------------------------------------------------------
// SHA-1 (FIPS 180-4) and base64, for the handshake's Sec-WebSocket-Accept

static uint32_t rol(uint32_t value, int bits) { return (value << bits) | (value >> (32 - bits)); }

static void sha1(const uint8_t *message, size_t length, uint8_t digest[20]) {
  uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
  size_t padded = ((length + 8) / 64 + 1) * 64;
  uint8_t *data = calloc(padded, 1);
  memcpy(data, message, length);
  data[length] = 0x80;
  uint64_t bits = (uint64_t)length * 8;
  for (int index = 0; index < 8; index++) data[padded - 1 - index] = (uint8_t)(bits >> (8 * index));
  for (size_t block = 0; block < padded; block += 64) {
    uint32_t w[80];
    for (int t = 0; t < 16; t++) w[t] = (uint32_t)data[block + 4 * t] << 24 | (uint32_t)data[block + 4 * t + 1] << 16 | (uint32_t)data[block + 4 * t + 2] << 8 | data[block + 4 * t + 3];
    for (int t = 16; t < 80; t++) w[t] = rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; t++) {
      uint32_t f, k;
      if (t < 20) f = (b & c) | (~b & d), k = 0x5A827999;
      else if (t < 40) f = b ^ c ^ d, k = 0x6ED9EBA1;
      else if (t < 60) f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
      else f = b ^ c ^ d, k = 0xCA62C1D6;
      uint32_t temp = rol(a, 5) + f + e + k + w[t];
      e = d, d = c, c = rol(b, 30), b = a, a = temp;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  }
  free(data);
  for (int index = 0; index < 20; index++) digest[index] = (uint8_t)(h[index / 4] >> (24 - 8 * (index % 4)));
}

static void base64(const uint8_t *bytes, size_t length, char *out) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t at = 0;
  for (size_t index = 0; index < length; index += 3) {
    uint32_t group = (uint32_t)bytes[index] << 16 | (index + 1 < length ? (uint32_t)bytes[index + 1] << 8 : 0) | (index + 2 < length ? bytes[index + 2] : 0);
    out[at++] = alphabet[group >> 18 & 63];
    out[at++] = alphabet[group >> 12 & 63];
    out[at++] = index + 1 < length ? alphabet[group >> 6 & 63] : '=';
    out[at++] = index + 2 < length ? alphabet[group & 63] : '=';
  }
  out[at] = 0;
}

/** xorshift64*: the handshake keys, frame masks and restart jitter need no more than this. */
static uint64_t random_state;
static uint64_t next_random(void) {
  random_state ^= random_state >> 12, random_state ^= random_state << 25, random_state ^= random_state >> 27;
  return random_state * 0x2545F4914F6CDD1DULL;
}

// ---------------------------------------------------------------------------------------------
// Event ids: each distinct one stored once, clients hold its number

static char **id_texts;
static size_t id_count, id_capacity;
static int32_t *id_table;  // open addressing, -1 empty
static size_t table_size = 1 << 16;

static uint64_t hash_text(const char *text, size_t length) {
  uint64_t hash = 1469598103934665603ULL;
  for (size_t index = 0; index < length; index++) hash = (hash ^ (uint8_t)text[index]) * 1099511628211ULL;
  return hash;
}

static int32_t canonical_id(const char *text, size_t length) {
  if ((id_count + 1) * 2 > table_size) {
    free(id_table);
    table_size *= 2;
    id_table = malloc(table_size * sizeof *id_table);
    memset(id_table, 0xff, table_size * sizeof *id_table);
    for (size_t index = 0; index < id_count; index++) {
      size_t at = hash_text(id_texts[index], strlen(id_texts[index])) & (table_size - 1);
      while (id_table[at] >= 0) at = (at + 1) & (table_size - 1);
      id_table[at] = (int32_t)index;
    }
  }
  size_t at = hash_text(text, length) & (table_size - 1);
  while (id_table[at] >= 0) {
    const char *known = id_texts[id_table[at]];
    if (strlen(known) == length && memcmp(known, text, length) == 0) return id_table[at];
    at = (at + 1) & (table_size - 1);
  }
  id_texts = grow(id_texts, &id_capacity, id_count + 1, sizeof *id_texts);
  id_texts[id_count] = strndup(text, length);
  id_table[at] = (int32_t)id_count;
  return (int32_t)id_count++;
}

// ---------------------------------------------------------------------------------------------
// Configuration and what is counted

static struct sockaddr_in server_address;
static char host_header[300], request_path[1024], run_id[64], warm_up_run[80];
static int reconnect_delay_ms, connect_timeout_ms, restart_jitter_ms, resuming_ms, open_batch;
static int steady;
static int64_t warm_up_received;

static int32_t *live_latency, *live_number;
static uint8_t *live_flags;
static size_t live_count, live_latency_capacity, live_number_capacity, live_flags_capacity;

static void record_live(int64_t latency, int64_t n, int resuming, int is_steady) {
  live_latency = grow(live_latency, &live_latency_capacity, live_count + 1, sizeof *live_latency);
  live_number = grow(live_number, &live_number_capacity, live_count + 1, sizeof *live_number);
  live_flags = grow(live_flags, &live_flags_capacity, live_count + 1, sizeof *live_flags);
  live_latency[live_count] = (int32_t)latency;
  live_number[live_count] = (int32_t)n;
  live_flags[live_count] = (uint8_t)((resuming ? 1 : 0) | (is_steady ? 2 : 0));
  live_count++;
}

// ---------------------------------------------------------------------------------------------
// Clients

enum state { IDLE, CONNECTING, HANDSHAKE, OPEN, CLOSING };

typedef struct {
  int fd;
  enum state state;
  char cookie_header[1024];
  char key[32], expected_accept[32];
  char *answer;  // what arrived of the upgrade's answer
  size_t answer_length, answer_capacity;
  uint8_t *pending;  // bytes of a frame not yet whole
  size_t pending_length, pending_capacity;
  int close_code;
  int subscribed;
  int64_t handshake_started, opened_at, lost_at, back_at;
  int has_lost, has_back;
  char cursor[128];
  int64_t newest;
  int replay_remaining;
  int attempts, handshake_ms, subscribe_ms;
  int replayed;
  int32_t *ids;
  size_t id_length, id_capacity;
  uint32_t timer_generation;
} client_t;

static client_t *clients;
static int client_count;
static int epoll_fd;
static int stopped;

// A min-heap of (due, client, generation): each client has at most one live timer, a retry or a
// handshake's deadline; one whose generation moved on was cancelled.
typedef struct {
  int64_t due;
  int slot;
  uint32_t generation;
  int kind;  // 0: open again, 1: the handshake's deadline
} timer_entry;
static timer_entry *timers;
static size_t timer_count, timer_capacity;

static void timer_push(int64_t due, int slot, int kind) {
  timers = grow(timers, &timer_capacity, timer_count + 1, sizeof *timers);
  size_t at = timer_count++;
  timer_entry entry = {due, slot, ++clients[slot].timer_generation, kind};
  while (at > 0 && timers[(at - 1) / 2].due > due) timers[at] = timers[(at - 1) / 2], at = (at - 1) / 2;
  timers[at] = entry;
}

static timer_entry timer_pop(void) {
  timer_entry top = timers[0], last = timers[--timer_count];
  size_t at = 0;
  for (;;) {
    size_t child = 2 * at + 1;
    if (child >= timer_count) break;
    if (child + 1 < timer_count && timers[child + 1].due < timers[child].due) child++;
    if (timers[child].due >= last.due) break;
    timers[at] = timers[child], at = child;
  }
  if (timer_count > 0) timers[at] = last;
  return top;
}

static void cancel_timer(client_t *client) { client->timer_generation++; }

static int output_dirty;
static void emit(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vprintf(format, args);
  va_end(args);
  output_dirty = 1;
}

/** A client's frame (masked, RFC 6455 §5.3), whole and unfragmented, written at once. */
static void send_frame(client_t *client, int opcode, const uint8_t *payload, size_t length) {
  uint8_t frame[2 + 2 + 4 + 1024];
  if (length > 1024) return;
  size_t header = length < 126 ? 2 : 4;
  frame[0] = (uint8_t)(0x80 | opcode);
  if (length < 126) frame[1] = (uint8_t)(0x80 | length);
  else frame[1] = 0x80 | 126, frame[2] = (uint8_t)(length >> 8), frame[3] = (uint8_t)length;
  uint64_t mask = next_random();
  memcpy(frame + header, &mask, 4);
  for (size_t index = 0; index < length; index++) frame[header + 4 + index] = payload[index] ^ frame[header + (index & 3)];
  // A few hundred bytes into an empty send buffer: written whole, or the socket is gone (its read says so).
  (void)!send(client->fd, frame, header + 4 + length, MSG_NOSIGNAL);
}

static void open_client(int slot);

static void retry(int slot, int delay_ms) {
  if (stopped) return;
  clients[slot].state = IDLE;
  timer_push(monotonic_ms() + delay_ms, slot, 0);
}

static void drop_socket(client_t *client) {
  if (client->fd >= 0) close(client->fd);
  client->fd = -1;
  client->pending_length = 0;
  client->answer_length = 0;
}

/** A handshake that timed out, was refused (401, 403, 503 answer as plain HTTP) or lost its socket: the client tries again later. */
static void fail_handshake(int slot, int timed_out) {
  client_t *client = &clients[slot];
  cancel_timer(client);
  emit("F %d %d\n", slot, timed_out);
  drop_socket(client);
  retry(slot, reconnect_delay_ms);
}

static void closed(int slot) {
  client_t *client = &clients[slot];
  if (client->state == CONNECTING || client->state == HANDSHAKE) return fail_handshake(slot, 0);
  drop_socket(client);
  if (client->subscribed) {
    client->lost_at = now_ms(), client->has_lost = 1, client->attempts = 0;
    emit("L %d %lld\n", slot, (long long)client->lost_at);
  }
  client->subscribed = 0;
  retry(slot, client->close_code == 1012 ? (int)(next_random() % (uint64_t)restart_jitter_ms) : reconnect_delay_ms);
}

static void open_client(int slot) {
  client_t *client = &clients[slot];
  if (stopped) return;
  client->attempts++;
  client->handshake_started = now_ms();
  client->close_code = 1006;
  client->pending_length = client->answer_length = 0;
  uint8_t key_bytes[16];
  uint64_t first = next_random(), second = next_random();
  memcpy(key_bytes, &first, 8), memcpy(key_bytes + 8, &second, 8);
  char accept_input[96];
  base64(key_bytes, 16, client->key);
  snprintf(accept_input, sizeof accept_input, "%s258EAFA5-E914-47DA-95CA-C5AB0DC85B11", client->key);
  uint8_t digest[20];
  sha1((const uint8_t *)accept_input, strlen(accept_input), digest);
  base64(digest, 20, client->expected_accept);
  client->state = CONNECTING;
  // As the JavaScript client, a socket that cannot even be made counts as a failed handshake.
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return fail_handshake(slot, 0);
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  client->fd = fd;
  timer_push(monotonic_ms() + connect_timeout_ms, slot, 1);
  if (connect(fd, (struct sockaddr *)&server_address, sizeof server_address) < 0 && errno != EINPROGRESS) return fail_handshake(slot, 0);
  struct epoll_event event = {.events = EPOLLOUT | EPOLLIN | EPOLLRDHUP, .data.u64 = (uint64_t)slot};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) < 0) return fail_handshake(slot, 0);
}

static void connected(int slot) {
  client_t *client = &clients[slot];
  int error = 0;
  socklen_t size = sizeof error;
  if (getsockopt(client->fd, SOL_SOCKET, SO_ERROR, &error, &size) < 0 || error != 0) return fail_handshake(slot, 0);
  char request[2048];
  int length = snprintf(request, sizeof request,
                        "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n%s\r\n",
                        request_path, host_header, client->key, client->cookie_header);
  if (length < 0 || (size_t)length >= sizeof request) fatal("the upgrade request does not fit its buffer");
  if (send(client->fd, request, (size_t)length, MSG_NOSIGNAL) != length) return fail_handshake(slot, 0);
  client->answer_length = 0;
  client->state = HANDSHAKE;
  struct epoll_event event = {.events = EPOLLIN | EPOLLRDHUP, .data.u64 = (uint64_t)slot};
  epoll_ctl(epoll_fd, EPOLL_CTL_MOD, client->fd, &event);
}

// ---------------------------------------------------------------------------------------------
// Messages: the few fields the benchmark needs, found in the server's JSON as it writes it

static const char *find(const char *text, size_t length, const char *needle) {
  return memmem(text, length, needle, strlen(needle));
}

/** The string after `needle` (which ends with an opening quote), up to its closing quote. */
static int string_after(const char *text, size_t length, const char *needle, const char **value, size_t *value_length) {
  const char *at = find(text, length, needle);
  if (!at) return 0;
  at += strlen(needle);
  const char *end = memchr(at, '"', (size_t)(text + length - at));
  if (!end) return 0;
  *value = at, *value_length = (size_t)(end - at);
  return 1;
}

static int number_after(const char *text, size_t length, const char *needle, int64_t *value) {
  const char *at = find(text, length, needle);
  if (!at) return 0;
  at += strlen(needle);
  if (at >= text + length || *at < '0' || *at > '9') return 0;
  int64_t number = 0;
  while (at < text + length && *at >= '0' && *at <= '9') number = number * 10 + (*at++ - '0');
  *value = number;
  return 1;
}

/** The event's own id: the server writes it last, after the data (whose fields may hold an `id` too). */
static int event_id(const char *text, size_t length, const char **value, size_t *value_length) {
  static const char needle[] = ",\"id\":\"";
  if (length < sizeof needle + 2 || text[length - 1] != '}' || text[length - 2] != '"') return 0;
  for (const char *at = text + length - 3; at >= text + sizeof needle - 1; at--) {
    if (*at == '"' && memcmp(at - (sizeof needle - 2), needle, sizeof needle - 1) == 0) {
      *value = at + 1, *value_length = (size_t)(text + length - 2 - (at + 1));
      return 1;
    }
    if (*at == '"' || *at == '\\') return 0;
  }
  return 0;
}

/** Text frames whose fields were not found: reported, so that a change of the server's format does not pass for lost alerts. */
static int64_t unreadable;

static void receive(int slot, const char *text, size_t length, int64_t read_at, int is_steady) {
  client_t *client = &clients[slot];
  const char *type;
  size_t type_length;
  if (!string_after(text, length, "\"type\":\"", &type, &type_length)) {
    unreadable++;
    return;
  }
  if (type_length == 9 && memcmp(type, "connected", 9) == 0) {
    const char *id;
    size_t id_length;
    if (!client->cursor[0] && string_after(text, length, "\"lastEventId\":\"", &id, &id_length) && id_length < sizeof client->cursor) memcpy(client->cursor, id, id_length), client->cursor[id_length] = 0;
  } else if (type_length == 10 && memcmp(type, "subscribed", 10) == 0) {
    int64_t replayed = 0;
    number_after(text, length, "\"replayed\":", &replayed);
    int incomplete = find(text, length, "\"complete\":false") != NULL;
    client->subscribed = 1;
    client->subscribe_ms = (int)(read_at - client->opened_at);
    client->replay_remaining = (int)replayed;
    if (client->has_lost) client->back_at = read_at, client->has_back = 1;
    emit("S %d %lld %d %d %d %d\n", slot, (long long)read_at, client->handshake_ms, client->subscribe_ms, client->attempts, incomplete);
  } else if (type_length == 10 && memcmp(type, "new_signal", 10) == 0) {
    const char *bench;
    size_t bench_length;
    if (!string_after(text, length, "\"bench\":\"", &bench, &bench_length)) {
      unreadable++;
      return;
    }
    if (bench_length == strlen(warm_up_run) && memcmp(bench, warm_up_run, bench_length) == 0) {
      // A replay from before the warm-up holds its signals too: they are neither live nor counted twice.
      if (client->replay_remaining > 0) client->replay_remaining--;
      else warm_up_received++;
      return;
    }
    const char *id;
    size_t id_length;
    int64_t n, sent_at;
    if (bench_length != strlen(run_id) || memcmp(bench, run_id, bench_length) != 0) return;
    if (!event_id(text, length, &id, &id_length) || !number_after(text, length, "\"n\":", &n) || !number_after(text, length, "\"sentAt\":", &sent_at)) {
      unreadable++;
      return;
    }
    int32_t canonical = canonical_id(id, id_length);
    client->ids = grow(client->ids, &client->id_capacity, client->id_length + 1, sizeof *client->ids);
    client->ids[client->id_length++] = canonical;
    if (n > client->newest && id_length < sizeof client->cursor) client->newest = n, memcpy(client->cursor, id, id_length), client->cursor[id_length] = 0;
    if (client->replay_remaining > 0) {
      client->replay_remaining--;
      client->replayed++;
    } else {
      record_live(read_at - sent_at, n, client->has_back && read_at - client->back_at < resuming_ms, is_steady);
    }
  }
}

/** One whole frame (RFC 6455 §5.2: the server's are unmasked). Returns 0 once the socket is gone. */
static int handle_frame(int slot, int opcode, const uint8_t *payload, size_t length, int64_t read_at, int is_steady) {
  client_t *client = &clients[slot];
  if (opcode == 0x1) receive(slot, (const char *)payload, length, read_at, is_steady);
  else if (opcode == 0x9) send_frame(client, 0xA, payload, length);
  else if (opcode == 0x8) {
    if (length >= 2) client->close_code = payload[0] << 8 | payload[1];
    // The closing handshake: echo the code, then the server ends the TCP connection.
    send_frame(client, 0x8, payload, length >= 2 ? 2 : 0);
    shutdown(client->fd, SHUT_WR);
    client->state = CLOSING;
  } else if (opcode != 0xA) {
    // The server sends neither fragments nor binary frames: a frame like that means the stream is lost.
    closed(slot);
    return 0;
  }
  return 1;
}

static void read_frames(int slot, const uint8_t *chunk, size_t length, int64_t read_at) {
  client_t *client = &clients[slot];
  const uint8_t *bytes = chunk;
  if (client->pending_length > 0) {
    client->pending = grow(client->pending, &client->pending_capacity, client->pending_length + length, 1);
    memcpy(client->pending + client->pending_length, chunk, length);
    client->pending_length += length;
    bytes = client->pending, length = client->pending_length;
  }
  size_t at = 0;
  while (length - at >= 2) {
    int opcode = bytes[at] & 0x0f;
    uint64_t payload = bytes[at + 1] & 0x7f;
    size_t offset = 2;
    if (payload == 126) {
      if (length - at < 4) break;
      payload = (uint64_t)bytes[at + 2] << 8 | bytes[at + 3], offset = 4;
    } else if (payload == 127) {
      if (length - at < 10) break;
      payload = 0;
      for (int index = 0; index < 8; index++) payload = payload << 8 | bytes[at + 2 + index];
      offset = 10;
    }
    if (length - at < offset || payload > length - at - offset) break;
    if (!handle_frame(slot, opcode, bytes + at + offset, (size_t)payload, read_at, steady)) return;
    at += offset + (size_t)payload;
  }
  size_t rest = length - at;
  if (bytes == client->pending) memmove(client->pending, client->pending + at, rest);
  else if (rest > 0) {
    client->pending = grow(client->pending, &client->pending_capacity, rest, 1);
    memcpy(client->pending, bytes + at, rest);
  }
  client->pending_length = rest;
}

static void read_answer(int slot, const uint8_t *chunk, size_t length, int64_t read_at) {
  client_t *client = &clients[slot];
  client->answer = grow(client->answer, &client->answer_capacity, client->answer_length + length + 1, 1);
  memcpy(client->answer + client->answer_length, chunk, length);
  client->answer_length += length;
  client->answer[client->answer_length] = 0;
  char *end = strstr(client->answer, "\r\n\r\n");
  if (!end) return;
  int accepted = strncmp(client->answer, "HTTP/1.1 101 ", 13) == 0;
  const char *header = NULL;
  for (char *line = strstr(client->answer, "\r\n"); accepted && line && line < end; line = strstr(line + 2, "\r\n")) {
    if (strncasecmp(line + 2, "sec-websocket-accept:", 21) == 0) header = line + 2 + 21;
  }
  if (header) {
    while (*header == ' ') header++;
    size_t expected = strlen(client->expected_accept);
    accepted = strncmp(header, client->expected_accept, expected) == 0 && (header[expected] == '\r' || header[expected] == ' ');
  }
  if (!accepted || !header) return fail_handshake(slot, 0);
  cancel_timer(client);
  client->state = OPEN;
  client->opened_at = now_ms();
  client->handshake_ms = (int)(client->opened_at - client->handshake_started);
  char subscribe[256];
  int subscribe_length = client->cursor[0] ? snprintf(subscribe, sizeof subscribe, "{\"type\":\"subscribe\",\"channel\":\"signals\",\"lastEventId\":\"%s\"}", client->cursor)
                                           : snprintf(subscribe, sizeof subscribe, "{\"type\":\"subscribe\",\"channel\":\"signals\"}");
  send_frame(client, 0x1, (const uint8_t *)subscribe, (size_t)subscribe_length);
  size_t used = (size_t)(end + 4 - client->answer), rest = client->answer_length - used;
  client->answer_length = 0;
  if (rest > 0) read_frames(slot, (const uint8_t *)client->answer + used, rest, read_at);
}

static uint8_t read_buffer[64 * 1024];

static void readable(int slot) {
  client_t *client = &clients[slot];
  for (;;) {
    ssize_t length = read(client->fd, read_buffer, sizeof read_buffer);
    if (length < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (length <= 0) return closed(slot);
    int64_t read_at = now_ms();
    if (client->state == HANDSHAKE) read_answer(slot, read_buffer, (size_t)length, read_at);
    else read_frames(slot, read_buffer, (size_t)length, read_at);
    if (client->fd < 0 || (size_t)length < sizeof read_buffer) return;
  }
}

// ---------------------------------------------------------------------------------------------
// The orchestrator's commands, and the run

static int opening = -1;  // the first client of the batch being opened, -1 when not opening
static int64_t batch_deadline;

static void open_batch_from(int first) {
  opening = first;
  batch_deadline = monotonic_ms() + 30000;
  for (int slot = first; slot < first + open_batch && slot < client_count; slot++) open_client(slot);
}

static void advance_opening(void) {
  if (opening < 0) return;
  int last = opening + open_batch < client_count ? opening + open_batch : client_count;
  int done = 1;
  for (int slot = opening; slot < last && done; slot++) done = clients[slot].subscribed;
  if (!done && monotonic_ms() < batch_deadline) return;
  if (last >= client_count) {
    opening = -1;
    emit("O\n");
  } else open_batch_from(last);
}

/** The 99th percentile of the wake-ups' work, in 0.1 ms steps up to a second. */
static uint64_t work_histogram[10001];

static void report(void) {
  for (int slot = 0; slot < client_count; slot++) {
    client_t *client = &clients[slot];
    printf("I %d", slot);
    for (size_t index = 0; index < client->id_length; index++) printf(" %s", id_texts[client->ids[index]]);
    printf("\n");
    if (client->replayed) printf("R %d %d\n", slot, client->replayed);
  }
  for (size_t index = 0; index < live_count; index++) printf("D %d %d %d %d\n", live_latency[index], live_number[index], live_flags[index] & 1, live_flags[index] >> 1);
  uint64_t total = 0, seen = 0;
  for (int step = 0; step <= 10000; step++) total += work_histogram[step];
  int p99 = 0;
  for (int step = 0; step <= 10000; step++) {
    seen += work_histogram[step];
    if (total > 0 && seen * 100 >= total * 99) {
      p99 = step;
      break;
    }
  }
  printf("P %.1f %lld\nE\n", p99 / 10.0, (long long)unreadable);
  fflush(stdout);
}

static char command[4096];
static size_t command_length;

/** Returns 0 after `stop`. */
static int read_commands(void) {
  ssize_t length = read(STDIN_FILENO, command + command_length, sizeof command - 1 - command_length);
  if (length <= 0) return 0;  // the orchestrator is gone
  command_length += (size_t)length;
  char *line;
  while ((line = memchr(command, '\n', command_length))) {
    *line = 0;
    if (strcmp(command, "open") == 0) open_batch_from(0);
    else if (strcmp(command, "phase 1") == 0) steady = 1;
    else if (strcmp(command, "phase 0") == 0) steady = 0;
    else if (strcmp(command, "stop") == 0) return 0;
    size_t used = (size_t)(line + 1 - command);
    memmove(command, line + 1, command_length - used);
    command_length -= used;
  }
  return 1;
}

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return perror(path), NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  text[fread(text, 1, (size_t)size, file)] = 0;
  fclose(file);
  return text;
}

int main(int argc, char **argv) {
  if (argc != 11) {
    fprintf(stderr, "usage: %s host port path runId cookieFile reconnectDelayMs connectTimeoutMs restartJitterMs resumingMs openBatch\n", argv[0]);
    return 2;
  }
  server_address.sin_family = AF_INET;
  server_address.sin_port = htons((uint16_t)atoi(argv[2]));
  if (inet_pton(AF_INET, argv[1], &server_address.sin_addr) != 1) return fprintf(stderr, "%s is not an IPv4 address\n", argv[1]), 2;
  snprintf(host_header, sizeof host_header, "%s:%s", argv[1], argv[2]);
  snprintf(request_path, sizeof request_path, "%s", argv[3]);
  snprintf(run_id, sizeof run_id, "%s", argv[4]);
  snprintf(warm_up_run, sizeof warm_up_run, "warm-up-%s", run_id);
  reconnect_delay_ms = atoi(argv[6]), connect_timeout_ms = atoi(argv[7]), restart_jitter_ms = atoi(argv[8]), resuming_ms = atoi(argv[9]), open_batch = atoi(argv[10]);
  if (restart_jitter_ms <= 0) restart_jitter_ms = 1;
  random_state = (uint64_t)now_us() ^ ((uint64_t)getpid() << 32) ^ 0x9E3779B97F4A7C15ULL;

  char *cookies = read_file(argv[5]);
  if (!cookies) return 2;
  // One cookie a line, the line's number the client's slot; the file ends with a newline.
  for (char *rest = cookies, *line; (line = strsep(&rest, "\n")) && rest;) {
    clients = realloc(clients, (size_t)(client_count + 1) * sizeof *clients);
    client_t *client = &clients[client_count++];
    memset(client, 0, sizeof *client);
    client->fd = -1, client->newest = -1;
    int length = snprintf(client->cookie_header, sizeof client->cookie_header, "Cookie: %s\r\n", line);
    if (length < 0 || (size_t)length >= sizeof client->cookie_header) fatal("a cookie does not fit its buffer");
  }
  id_table = malloc(table_size * sizeof *id_table);
  memset(id_table, 0xff, table_size * sizeof *id_table);

  static char output[1 << 20];
  setvbuf(stdout, output, _IOFBF, sizeof output);
  // Room in the pipe for the kill's burst of lines while the orchestrator is busy: a full pipe would stop every socket here.
  fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
  epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  struct epoll_event input = {.events = EPOLLIN, .data.u64 = UINT64_MAX};
  epoll_ctl(epoll_fd, EPOLL_CTL_ADD, STDIN_FILENO, &input);

  struct epoll_event events[1024];
  int64_t last_warm_up = -1, last_warm_up_at = 0;
  for (;;) {
    int timeout = 50;
    if (timer_count > 0) {
      int64_t wait = timers[0].due - monotonic_ms();
      timeout = wait < 0 ? 0 : wait < timeout ? (int)wait : timeout;
    }
    int ready = epoll_wait(epoll_fd, events, 1024, timeout);
    int64_t work_started = now_us();
    for (int index = 0; index < ready; index++) {
      uint64_t key = events[index].data.u64;
      if (key == UINT64_MAX) {
        if (!read_commands()) {
          stopped = 1;
          for (int slot = 0; slot < client_count; slot++) drop_socket(&clients[slot]);
          report();
          return 0;
        }
        continue;
      }
      int slot = (int)key;
      client_t *client = &clients[slot];
      if (client->fd < 0) continue;
      if (client->state == CONNECTING) {
        if (events[index].events & (EPOLLERR | EPOLLHUP)) fail_handshake(slot, 0);
        else if (events[index].events & EPOLLOUT) connected(slot);
        continue;
      }
      readable(slot);
    }
    for (int64_t now = monotonic_ms(); timer_count > 0 && timers[0].due <= now;) {
      timer_entry entry = timer_pop();
      client_t *client = &clients[entry.slot];
      if (entry.generation != client->timer_generation) continue;
      if (entry.kind == 0) open_client(entry.slot);
      else if (client->state == CONNECTING || client->state == HANDSHAKE) fail_handshake(entry.slot, 1);
    }
    advance_opening();
    int64_t now = monotonic_ms();
    if (warm_up_received != last_warm_up && now - last_warm_up_at >= 20) {
      emit("W %lld\n", (long long)warm_up_received);
      last_warm_up = warm_up_received, last_warm_up_at = now;
    }
    if (output_dirty) fflush(stdout), output_dirty = 0;
    if (ready > 0) {
      int64_t work = (now_us() - work_started) / 100;
      work_histogram[work > 10000 ? 10000 : work]++;
    }
  }
}
