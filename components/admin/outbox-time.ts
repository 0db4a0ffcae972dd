const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });

/** A queue time as QA compares it with server logs: the day and minute in UTC. */
export const outboxTime = (date: Date) => `${stamp.format(date)} UTC`;
