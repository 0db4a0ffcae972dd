import { defaultToastDuration, dismissToast, getToasts, toast } from './use-toast';

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  dismissToast();
  jest.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time, a new one replacing the visible one', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'Replaces the first' });

    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Second', description: 'Replaces the first', variant: 'default' });
  });

  it('dismisses a toast after 5000 ms by default', () => {
    toast({ title: 'Saved' });

    expect(defaultToastDuration).toBe(5000);
    jest.advanceTimersByTime(4999);
    expect(getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    toast({ title: 'Export started', duration: 10000 });

    jest.advanceTimersByTime(9999);
    expect(getToasts()[0]).toMatchObject({ title: 'Export started', duration: 10000 });
    jest.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('gives the replacing toast its own full duration', () => {
    toast({ title: 'First' });
    jest.advanceTimersByTime(3000);
    toast({ title: 'Second', duration: 4000 });

    jest.advanceTimersByTime(2000);
    expect(getToasts()[0]?.title).toBe('Second');
    jest.advanceTimersByTime(2000);
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps the destructive variant', () => {
    toast({ title: 'Connection Lost', description: 'Please refresh the page.', variant: 'destructive', duration: 8000 });

    expect(getToasts()[0]).toMatchObject({ title: 'Connection Lost', variant: 'destructive', duration: 8000 });
  });

  it('dismisses through the handle, and a stale handle leaves a newer toast alone', () => {
    const first = toast({ title: 'First' });
    first.dismiss();
    expect(getToasts()).toHaveLength(0);

    const stale = toast({ title: 'Second' });
    toast({ title: 'Third' });
    stale.dismiss();
    dismissToast(stale.id);
    expect(getToasts()[0]?.title).toBe('Third');
  });

  it('dismisses whichever toast is visible when no id is given, and clears its timer', () => {
    toast({ title: 'Visible' });
    dismissToast();

    expect(getToasts()).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('gives every toast a distinct id', () => {
    const a = toast({ title: 'A' });
    const b = toast({ title: 'B' });

    expect(a.id).not.toBe(b.id);
    expect(getToasts()[0]?.id).toBe(b.id);
  });
});
