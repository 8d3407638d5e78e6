import { MemoryBudget } from './MemoryBudget';

describe('MemoryBudget', () => {
  test('work past the budget waits, in order, until earlier work gives its memory back', async () => {
    const budget = new MemoryBudget(100);
    const started: string[] = [];
    const first = await budget.acquire(60);
    started.push('first');
    const second = budget.acquire(60).then((release) => {
      started.push('second');
      return release;
    });
    const third = budget.acquire(10).then((release) => {
      started.push('third');
      return release;
    });
    await Promise.resolve();
    // The small third job does not overtake the waiting second one (a large job is never starved).
    expect(started).toEqual(['first']);
    expect(budget.used).toBe(60);
    first();
    (await second)();
    (await third)();
    expect(started).toEqual(['first', 'second', 'third']);
    expect(budget.used).toBe(0);
  });

  test('a job costing more than the whole budget runs alone, and a release given twice counts once', async () => {
    const budget = new MemoryBudget(100);
    const huge = await budget.acquire(1_000);
    expect(budget.used).toBe(100);
    let smallStarted = false;
    const small = budget.acquire(1).then((release) => {
      smallStarted = true;
      return release;
    });
    await Promise.resolve();
    expect(smallStarted).toBe(false);
    huge();
    huge();
    (await small)();
    expect(smallStarted).toBe(true);
    expect(budget.used).toBe(0);
  });
});
