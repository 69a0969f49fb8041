import { defineRoute } from '../http/api-route';
import { fileParamsSchema } from '../http/route-params';

/** Public images (image/webp, not JSON), and the welcome video's replaced files: a file name that names none is a 404. */
export const MEDIA_ROUTES = {
  avatar: defineRoute({ method: 'GET', path: '/media/avatars/:file', params: fileParamsSchema }),
  photo: defineRoute({ method: 'GET', path: '/media/photos/:file', params: fileParamsSchema }),
  welcome: defineRoute({ method: 'GET', path: '/media/welcome/:file', params: fileParamsSchema }),
} as const;
