import { z } from 'zod/mini';

/** Someone the signed-in user blocked, named as the public sees them (a seller card's name). */
export const blockedUserSchema = z.object({
  user: z.object({ id: z.int(), name: z.string(), avatar: z.nullable(z.string()) }),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockedUsersResponseSchema = z.object({ data: z.array(blockedUserSchema) });
