import { describe, expect, it } from 'vitest';
import { RecentAnswers } from './recent-answers';

describe('recent answers', () => {
  it('answers the same question from memory until it is older than it may be', async () => {
    let now = 0;
    let asked = 0;
    const answers = new RecentAnswers<number>(5_000, 10, () => now);
    const ask = () => answers.get('iphone', () => Promise.resolve((asked += 1)));
    expect(await ask()).toBe(1);
    now = 4_999;
    expect(await ask()).toBe(1);
    now = 5_000;
    expect(await ask()).toBe(2);
  });

  it('makes twenty identical questions asked at once one query', async () => {
    let asked = 0;
    let release: (value: string) => void = () => {};
    const answers = new RecentAnswers<string>(1_000, 10);
    const all = Array.from({ length: 20 }, () =>
      answers.get('toyota', () => {
        asked += 1;
        return new Promise<string>((resolve) => (release = resolve));
      }),
    );
    release('counts');
    expect(await Promise.all(all)).toEqual(Array(20).fill('counts'));
    expect(asked).toBe(1);
  });

  it('does not keep a failure: the next question asks again', async () => {
    const answers = new RecentAnswers<string>(60_000, 10);
    await expect(answers.get('q', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await answers.get('q', () => Promise.resolve('answer'))).toBe('answer');
  });

  it('keeps at most `size` answers, forgetting the oldest first', async () => {
    let asked = 0;
    const answers = new RecentAnswers<number>(60_000, 2);
    const ask = (question: string) => answers.get(question, () => Promise.resolve((asked += 1)));
    await ask('a');
    await ask('b');
    await ask('c');
    expect(await ask('c')).toBe(3);
    expect(await ask('b')).toBe(2);
    expect(await ask('a')).toBe(4);
  });
});
