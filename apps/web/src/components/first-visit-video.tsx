import { useCurrentUser } from '../lib/api/get-current-user';
import { isNewAccount } from '../lib/new-account';
import { WelcomeVideo } from './welcome-video';

/** In an empty state (My listings, My purchases, My sales): the welcome video, for an account made in this session. */
export function FirstVisitVideo() {
  const user = useCurrentUser().data;
  return user && isNewAccount(user.id) ? <WelcomeVideo className="mx-auto mb-3" /> : null;
}
