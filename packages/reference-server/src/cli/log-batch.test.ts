import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLines } from './log-batch.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('log lines written in batches', () => {
  it('writes the lines of 10 ms in one write, in order', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const write = batchedLines({ write: (text: string) => writes.push(text) });
    write('a\n');
    vi.advanceTimersByTime(9);
    write('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n']);
    write('c\n');
    vi.advanceTimersByTime(10);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when 32 KiB are pending', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const write = batchedLines({ write: (text: string) => writes.push(text) });
    const line = `${'x'.repeat(1023)}\n`;
    for (let index = 0; index < 32; index++) write(line);
    expect(writes.map((text) => text.length)).toEqual([32 * 1024]);
    vi.advanceTimersByTime(10);
    expect(writes).toHaveLength(1);
  });
});
