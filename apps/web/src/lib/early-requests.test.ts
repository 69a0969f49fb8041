import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyRequests, getEarly, requestEarly, sentWithPage } from './early-requests';
import { fakeApi } from '../test/fake-api';
import { pageNavigation } from './page-navigation';

const answerWith = fakeApi();

describe('early requests', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/profile');
  });

  afterEach(() => {
    forgetEarlyRequests();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('give the page the answer of the request started before its code, once', async () => {
    const sent = answerWith(200);
    requestEarly('/cities');
    requestEarly('/cities');
    expect((await getEarly('/cities')).data).toEqual({ data: 1 });
    expect(sent).toHaveLength(1);
    // A refetch asks the server.
    expect((await getEarly('/cities')).data).toEqual({ data: 2 });
    expect(sent).toHaveLength(2);
  });

  it('are not used once they are older than 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sent = answerWith(200);
    requestEarly('/timezones');
    vi.setSystemTime(Date.now() + 10_001);
    expect((await getEarly('/timezones')).data).toEqual({ data: 2 });
    expect(sent).toHaveLength(2);
  });

  it('never send the page to log in themselves; a page that takes a 401 asks again, and that one does', async () => {
    const sent = answerWith(401, 401);
    requestEarly('/user/profile');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(assign).not.toHaveBeenCalled();

    await expect(getEarly('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(sent).toHaveLength(2);
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fprofile');
  });

  it('that failed for another reason are asked again, and the page gets that answer', async () => {
    const sent = answerWith(503, 200);
    requestEarly('/cities');
    expect((await getEarly('/cities')).data).toEqual({ data: 2 });
    expect(sent).toHaveLength(2);
  });

  it('give the page the answer the server sent in it, once, and ask the server after that', async () => {
    const script = document.createElement('script');
    script.id = 'page-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ '/api/listings/7': { data: { id: 7 } } });
    document.body.append(script);
    const sent = answerWith(200);
    try {
      expect((await getEarly('/api/listings/7')).data).toEqual({ data: { id: 7 } });
      expect(sent).toHaveLength(0);
      expect((await getEarly('/api/listings/7')).data).toEqual({ data: 1 });
      expect(sent).toHaveLength(1);
    } finally {
      script.remove();
    }
  });

  it('show that answer to a first render without taking it (a query’s initialData), for the first seconds only', async () => {
    const script = document.createElement('script');
    script.id = 'page-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ '/api/categories': { data: [1, 2] } });
    document.body.append(script);
    const sent = answerWith(200);
    try {
      expect(sentWithPage('/api/categories')).toEqual({ data: [1, 2] });
      expect((await getEarly('/api/categories')).data).toEqual({ data: [1, 2] });
      expect(sent).toHaveLength(0);
      expect(sentWithPage('/api/categories')).toBeUndefined();
      forgetEarlyRequests();
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10_000);
      expect(sentWithPage('/api/categories')).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
      script.remove();
    }
  });
});
