import type { Locale, Profile, User } from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReadCache } from '../../db/read-cache';
import type { Database } from '../../db/schema';
import type { MediaStorage } from '../../plugins/storage';
import { avatarStorageKey, newAvatarKey } from '../media';
import { PlacesRepository } from '../places';
import { checkProfileUpdate } from './profile-input';
import { ProfileRepository } from './profile-repository';
import { toProfile } from './profile-view';

export interface ProfileServiceOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** Profiles read, per user and language, dropped by every write to what they show (decision 038). */
  cache?: ReadCache<Profile> | undefined;
  /** Drops what a tag names in this process's caches at once (the writer's own next read). */
  invalidate?: ((tag: string) => void) | undefined;
}

/** Reading and saving the signed-in user's profile. */
export class ProfileService {
  private readonly profiles: ProfileRepository;
  private readonly places: PlacesRepository;

  constructor(private readonly options: ProfileServiceOptions) {
    this.profiles = new ProfileRepository(options.db);
    this.places = new PlacesRepository(options.db);
  }

  /** The profile, its places named in `locale`: from memory when cached, else one query. */
  async read(userId: number, locale: Locale): Promise<Profile> {
    const { cache } = this.options;
    const key = `${userId}:${locale}`;
    const cached = cache?.get(key);
    if (cached) return cached;
    const ticket = cache?.ticket() ?? -1;
    const record = await this.profiles.find(userId, locale);
    if (!record) throw new Error(`user ${userId} has no row`);
    const profile = toProfile(record);
    cache?.set(key, [`user:${userId}`], profile, ticket);
    return profile;
  }

  /**
   * Checks the whole body first (422 with every failing field, nothing written), stores a new avatar
   * under a new key, then saves everything in one transaction. The replaced avatar file is deleted
   * only after the commit; a failed save deletes the new file instead.
   */
  async update(user: User, body: unknown, locale: Locale): Promise<Profile> {
    const { changes, avatar } = await checkProfileUpdate(user.account_type, body, this.places);
    const avatarKey = avatar ? newAvatarKey() : undefined;
    if (avatar && avatarKey) await this.options.storage.put(avatarStorageKey(avatarKey), avatar);

    let replacedAvatarKey: string | null;
    try {
      ({ replacedAvatarKey } = await this.profiles.save(user.id, { ...changes, avatarKey }));
    } catch (error) {
      if (avatarKey) await this.deleteAvatarFile(avatarKey);
      throw error;
    }
    // Committed: this process forgets the old profile now, the others when the trigger's NOTIFY arrives.
    this.options.invalidate?.(`user:${user.id}`);
    if (replacedAvatarKey) await this.deleteAvatarFile(replacedAvatarKey);

    return this.read(user.id, locale);
  }

  /** A file left behind costs only disk space, so a failed delete is logged, not fatal. */
  private async deleteAvatarFile(key: string): Promise<void> {
    try {
      await this.options.storage.delete(avatarStorageKey(key));
    } catch (error) {
      this.options.log.warn({ err: error, key }, 'could not delete an avatar file');
    }
  }
}
