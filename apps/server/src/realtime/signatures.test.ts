import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RealtimePublisher } from './publisher';
import { apiRequestText, channelAuthText, md5Hex, sign, userAuthText, verifySocketAuth } from './signatures';

// Pusher's published worked examples (library_auth_reference: auth signatures and the HTTP API).
const credentials = { appId: '3', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
const socketId = '1234.1234';
const presenceData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
const privateAuth = '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4';
const presenceAuth = '278d425bdf160c739803:31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80';

const silentLog = pino({ level: 'silent' });

describe('Pusher signatures', () => {
  it("reproduce Pusher's private and presence channel examples", () => {
    expect(`${credentials.key}:${sign(credentials.secret, channelAuthText(socketId, 'private-foobar'))}`).toBe(
      privateAuth,
    );
    const presenceText = channelAuthText(socketId, 'presence-foobar', presenceData);
    expect(`${credentials.key}:${sign(credentials.secret, presenceText)}`).toBe(presenceAuth);
  });

  it('are what /broadcasting/auth hands out (the official SDK signs them)', () => {
    const publisher = new RealtimePublisher({ driver: 'embedded', ...credentials }, () => null, silentLog);
    expect(publisher.authorizeChannel(socketId, 'private-foobar')).toEqual({ auth: privateAuth });
    const user = { id: '10', user_info: { name: 'Mr. Channels', avatar: null } };
    const { auth, user_data: userData } = publisher.authenticateUser(socketId, user);
    expect(auth).toBe(`${credentials.key}:${sign(credentials.secret, userAuthText(socketId, userData))}`);
  });

  it('are verified by the embedded server only for the same socket, channel, data and key', () => {
    const text = channelAuthText(socketId, 'presence-foobar', presenceData);
    expect(verifySocketAuth(credentials, presenceAuth, text)).toBe(true);
    expect(
      verifySocketAuth(credentials, presenceAuth, channelAuthText('1234.1235', 'presence-foobar', presenceData)),
    ).toBe(false);
    expect(verifySocketAuth(credentials, presenceAuth, channelAuthText(socketId, 'presence-foobar', '{}'))).toBe(false);
    expect(verifySocketAuth({ ...credentials, key: 'another' }, presenceAuth, text)).toBe(false);
    expect(verifySocketAuth(credentials, privateAuth.slice(0, -1), channelAuthText(socketId, 'private-foobar'))).toBe(
      false,
    );
  });

  it("reproduce Pusher's HTTP API request example", () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    const params = {
      auth_key: credentials.key,
      auth_timestamp: '1353088179',
      auth_version: '1.0',
      body_md5: md5Hex(body),
      auth_signature: 'not part of what is signed',
    };
    expect(sign(credentials.secret, apiRequestText('POST', '/apps/3/events', params))).toBe(
      'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
  });
});
