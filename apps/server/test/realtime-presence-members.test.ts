import { realtimeChannels } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../src/realtime/protocol';
import { signedInClient } from './browser-like-client';
import { joinedPresence, pusherClients, startRealtimeApp, viaSession, type RealtimeTestApp } from './realtime-support';

let testApp: RealtimeTestApp;
const open = pusherClients();
beforeAll(async () => {
  testApp = await startRealtimeApp();
});
afterAll(() => testApp.close());

/** Member data shows a name of at most this many characters (code points), the last one an ellipsis when cut. */
const NAME_MAX = 100;
const SOCKET_ID = '123456.7890';

/** `length` Arabic letters: two bytes each in UTF-8. */
const arabic = (length: number) => Array.from({ length }, (_, index) => 'عبدالرحمنهاشمي'[index % 14]).join('');

/** Joins the user's own presence channel with pusher-js, as the web app does; answers what a member sees of them. */
async function joinAsMember(client: SignedIn) {
  const pusher = open(testApp.port, viaSession(client.client));
  const members = await joinedPresence(pusher.subscribe(realtimeChannels.userPresence(client.user.id)));
  return members.get(String(client.user.id)) as { id: string; info: { name: string; avatar: string | null } };
}

type SignedIn = Awaited<ReturnType<typeof signedInClient>>;

async function signedChannelData(client: SignedIn) {
  const response = await client.client.post('/broadcasting/auth', {
    socket_id: SOCKET_ID,
    channel_name: realtimeChannels.userPresence(client.user.id),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ channel_data: string }>().channel_data;
}

const signedName = async (client: SignedIn) =>
  (JSON.parse(await signedChannelData(client)) as { user_info: { name: string } }).user_info.name;

describe('presence member data', () => {
  it('lets a user with the longest Arabic names the profile allows join, their name cut short', async () => {
    // 255 + 255 letters: over 1 KB of member data in UTF-8 if sent whole, which the server refuses.
    const [first, last] = [arabic(255), arabic(255)];
    const user = await signedInClient(testApp.app, { first_name: first, last_name: last });
    const member = await joinAsMember(user);
    expect(member.info.avatar).toBeNull();
    expect(member.info.name).toBe(
      `${Array.from(first)
        .slice(0, NAME_MAX - 1)
        .join('')}…`,
    );
  });

  it('keeps a name that fits whole', async () => {
    const user = await signedInClient(testApp.app, { first_name: arabic(40), last_name: arabic(20) });
    expect((await joinAsMember(user)).info.name).toBe(`${arabic(40)} ${arabic(20)}`);
  });

  it('cuts between characters as people see them: never inside an emoji or a letter with its marks', async () => {
    const family = '👨‍👩‍👧‍👦'; // 7 code points, 11 UTF-16 units
    const vowelled = 'مَّ'; // a letter, a shadda and a fatha
    const user = await signedInClient(testApp.app, { first_name: family.repeat(30), last_name: vowelled.repeat(80) });
    const name = await signedName(user);
    expect(name).toBe(`${family.repeat(14)}…`);

    const other = await signedInClient(testApp.app, { first_name: 'Noura', last_name: vowelled.repeat(80) });
    expect(await signedName(other)).toBe(`Noura ${vowelled.repeat(31)}…`);
  });

  it('stays within the real-time server limit whatever the name is made of', async () => {
    const user = await signedInClient(testApp.app);
    // Characters that JSON escapes take up to 6 bytes each; stored directly, as older rows may hold them.
    await testApp.database.db
      .updateTable('users')
      .set({ first_name: '"\\'.repeat(127), last_name: '\u0007'.repeat(255) })
      .where('id', '=', user.user.id)
      .execute();
    const channelData = await signedChannelData(user);
    expect(Buffer.byteLength(channelData)).toBeLessThanOrEqual(SERVER_LIMITS.maxMemberBytes);
    expect((await joinAsMember(user)).info.name).toHaveLength(NAME_MAX);
  });
});
