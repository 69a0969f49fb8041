import type { Connection, PresenceMember } from './connection';

interface MemberEntry {
  info: unknown;
  /** One user may be present from several tabs or devices; they count as one member. */
  connections: number;
}

interface ChannelState {
  subscribers: Set<Connection>;
  members: Map<string, MemberEntry> | undefined;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

/** Who is subscribed to what, and who is present where; an empty channel is forgotten at once. */
export class ChannelRegistry {
  private readonly channels = new Map<string, ChannelState>();

  subscribers(channel: string): ReadonlySet<Connection> | undefined {
    return this.channels.get(channel)?.subscribers;
  }

  subscriptionCount(channel: string): number {
    return this.channels.get(channel)?.subscribers.size ?? 0;
  }

  memberCount(channel: string): number {
    return this.channels.get(channel)?.members?.size ?? 0;
  }

  hasMember(channel: string, userId: string): boolean {
    return this.channels.get(channel)?.members?.has(userId) ?? false;
  }

  memberIds(channel: string): string[] {
    return [...(this.channels.get(channel)?.members?.keys() ?? [])];
  }

  presence(channel: string): PresenceSnapshot {
    const members = this.channels.get(channel)?.members ?? new Map<string, MemberEntry>();
    const hash: Record<string, unknown> = {};
    for (const [id, entry] of members) hash[id] = entry.info;
    return { ids: [...members.keys()], hash, count: members.size };
  }

  /** Adds the connection; true when it brought a presence member who was not there before. */
  join(channel: string, connection: Connection, member: PresenceMember | null): boolean {
    let state = this.channels.get(channel);
    if (!state) {
      state = { subscribers: new Set(), members: member ? new Map() : undefined };
      this.channels.set(channel, state);
    }
    state.subscribers.add(connection);
    connection.channels.set(channel, member);
    if (!member) return false;
    state.members ??= new Map();
    const entry = state.members.get(member.userId);
    if (entry) {
      entry.connections += 1;
      return false;
    }
    state.members.set(member.userId, { info: member.info, connections: 1 });
    return true;
  }

  /** Removes the connection; returns the presence member whose last connection this was, if any. */
  leave(channel: string, connection: Connection): PresenceMember | undefined {
    const member = connection.channels.get(channel);
    connection.channels.delete(channel);
    const state = this.channels.get(channel);
    if (!state) return undefined;
    state.subscribers.delete(connection);
    let departed: PresenceMember | undefined;
    if (member && state.members) {
      const entry = state.members.get(member.userId);
      if (entry) {
        entry.connections -= 1;
        if (entry.connections === 0) {
          state.members.delete(member.userId);
          departed = member;
        }
      }
    }
    if (state.subscribers.size === 0) this.channels.delete(channel);
    return departed;
  }

  /** Occupied channels whose name starts with `prefix`. */
  names(prefix = ''): string[] {
    return [...this.channels.keys()].filter((name) => name.startsWith(prefix));
  }
}
