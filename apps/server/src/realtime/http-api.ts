import { PUSHER_LIMITS, SOCKET_ID_PATTERN } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../plugins/errors';
import type { EmbeddedPusherServer } from './embedded-server';
import { jsonBodyParser, verifyApiRequest } from './http-api-auth';
import { channelKind, isValidChannelName } from './protocol';

export interface HttpApiOptions {
  server: EmbeddedPusherServer;
}

/** Ten events of 10 KB each plus their envelopes; anything larger is no valid request. */
const BODY_LIMIT = 256 * 1024;

const channelName = z.string().refine(isValidChannelName, 'Invalid channel name');
const eventFields = {
  name: z.string().min(1).max(PUSHER_LIMITS.eventNameLength),
  data: z.string(),
  socket_id: z.string().regex(SOCKET_ID_PATTERN).optional(),
  info: z.string().optional(),
};
const triggerSchema = z
  .object({
    ...eventFields,
    channels: z.array(channelName).min(1).max(PUSHER_LIMITS.channelsPerTrigger).optional(),
    channel: channelName.optional(),
  })
  .refine((event) => event.channels !== undefined || event.channel !== undefined, 'Give channels or channel');
const batchSchema = z.object({
  batch: z
    .array(z.object({ ...eventFields, channel: channelName }))
    .min(1)
    .max(PUSHER_LIMITS.eventsPerBatch),
});
const channelParams = z.object({ channelName });
const infoQuery = z.object({ info: z.string().optional(), filter_by_prefix: z.string().optional() });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

function checkDataSize(data: string): void {
  if (Buffer.byteLength(data) > PUSHER_LIMITS.eventDataBytes) {
    throw new HttpError(413, `Event data is larger than the allowed ${PUSHER_LIMITS.eventDataBytes} bytes`);
  }
}

const infoFields = (info: string | undefined) => new Set((info ?? '').split(',').filter(Boolean));

/**
 * The part of Pusher's HTTP API that the `pusher` SDK calls: events, batches, channel queries and
 * user termination, each request signed with the app secret. Routes live under /apps/{app_id}.
 */
export function httpApiRoutes(app: FastifyInstance, { server }: HttpApiOptions): Promise<void> {
  const signedRoute = { config: { csrf: false }, bodyLimit: BODY_LIMIT } as const;

  // This plugin's own JSON parser checks body_md5; the rest of the app keeps Fastify's.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, jsonBodyParser);
  app.addHook('onRequest', async (request) => {
    const { appId } = parse(z.object({ appId: z.string() }), request.params);
    if (appId !== server.appId) throw new HttpError(404, `Unknown app id ${appId}`);
    verifyApiRequest(request, server);
    return Promise.resolve();
  });

  const channelsInfo = (channels: readonly string[], info: string | undefined) => {
    const fields = infoFields(info);
    if (fields.size === 0) return {};
    const result: Record<string, { subscription_count?: number; user_count?: number }> = {};
    for (const channel of channels) {
      const { subscriptionCount, userCount } = server.channelInfo(channel);
      result[channel] = {
        ...(fields.has('subscription_count') && { subscription_count: subscriptionCount }),
        ...(fields.has('user_count') && channelKind(channel) === 'presence' && { user_count: userCount }),
      };
    }
    return { channels: result };
  };

  app.post('/apps/:appId/events', signedRoute, (request) => {
    const event = parse(triggerSchema, request.body);
    checkDataSize(event.data);
    const channels = event.channels ?? (event.channel ? [event.channel] : []);
    server.publish(channels, event.name, event.data, event.socket_id);
    return Promise.resolve(channelsInfo(channels, event.info));
  });

  app.post('/apps/:appId/batch_events', signedRoute, (request) => {
    const { batch } = parse(batchSchema, request.body);
    for (const event of batch) checkDataSize(event.data);
    for (const event of batch) server.publish([event.channel], event.name, event.data, event.socket_id);
    const withInfo = batch.some((event) => event.info);
    return Promise.resolve(
      withInfo
        ? { batch: batch.map((event) => channelsInfo([event.channel], event.info).channels?.[event.channel] ?? {}) }
        : {},
    );
  });

  app.get('/apps/:appId/channels', signedRoute, (request) => {
    const { info, filter_by_prefix: prefix = '' } = parse(infoQuery, request.query);
    const fields = infoFields(info);
    if (fields.has('user_count') && !prefix.startsWith('presence-')) {
      throw new HttpError(400, 'user_count is only available with filter_by_prefix=presence-');
    }
    const channels: Record<string, { user_count?: number }> = {};
    for (const channel of server.occupiedChannels(prefix)) {
      channels[channel] = fields.has('user_count') ? { user_count: server.channelInfo(channel).userCount } : {};
    }
    return Promise.resolve({ channels });
  });

  app.get('/apps/:appId/channels/:channelName', signedRoute, (request) => {
    const { channelName: channel } = parse(channelParams, request.params);
    const fields = infoFields(parse(infoQuery, request.query).info);
    if (fields.has('user_count') && channelKind(channel) !== 'presence') {
      throw new HttpError(400, 'user_count is only available for presence channels');
    }
    const { occupied, subscriptionCount, userCount } = server.channelInfo(channel);
    return Promise.resolve({
      occupied,
      ...(fields.has('subscription_count') && { subscription_count: subscriptionCount }),
      ...(fields.has('user_count') && { user_count: userCount }),
    });
  });

  app.get('/apps/:appId/channels/:channelName/users', signedRoute, (request) => {
    const { channelName: channel } = parse(channelParams, request.params);
    if (channelKind(channel) !== 'presence') throw new HttpError(400, 'Only presence channels have users');
    return Promise.resolve({ users: server.presenceUserIds(channel).map((id) => ({ id })) });
  });

  app.post('/apps/:appId/users/:userId/terminate_connections', signedRoute, (request) => {
    const { userId } = parse(z.object({ userId: z.string().min(1) }), request.params);
    server.terminateUserConnections(userId);
    return Promise.resolve({});
  });

  return Promise.resolve();
}
