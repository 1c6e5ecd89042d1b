import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZStrongPassword } from '../identity/password.js';
import { LANGUAGES } from '../limits.js';

const ZResetToken = z.string().trim().min(20).max(200);

export const passwordResetEmailRoute = defineRoute({
  id: 'password.resetEmail',
  method: 'POST',
  path: '/v2/api/user/password/reset/email',
  summary:
    'E-mail a password reset link to the user with this username or e-mail address. Answers 204 whether or not such a user exists, so the answer reveals nothing.',
  tag: 'password',
  access: access.public('a user who forgot the password has no token'),
  body: z.strictObject({
    username: z.string().trim().min(1, 'username is mandatory').max(200),
    language: z.enum(LANGUAGES).optional(),
  }),
});

export const passwordResetRoute = defineRoute({
  id: 'password.reset',
  method: 'POST',
  path: '/v2/api/user/password/reset',
  summary: 'Set a new password with the single-use token from the reset e-mail.',
  tag: 'password',
  carriesSecrets: true,
  access: access.public('the reset token in the body is the credential'),
  body: z.strictObject({ token: ZResetToken, password: ZStrongPassword }),
});

export const passwordMeteorRoute = defineRoute({
  id: 'password.resetLegacy',
  method: 'POST',
  path: '/v2/api/user/password/meteor',
  summary: 'The legacy form of the password reset: the same token, the password named newPassword.',
  tag: 'password',
  carriesSecrets: true,
  access: access.public('the reset token in the body is the credential'),
  body: z.strictObject({ token: ZResetToken, newPassword: ZStrongPassword }),
});

export const meteorTokenRoute = defineRoute({
  id: 'password.legacyTokenUser',
  method: 'GET',
  path: '/v2/api/user/meteor/:token',
  summary: 'Legacy: whose reset token this is, so the reset page can greet the user; 404 when it is used or expired.',
  tag: 'password',
  carriesSecrets: true,
  access: access.public('the reset token in the path is the credential'),
  params: z.strictObject({ token: ZResetToken }),
  response: z.object({ username: z.string(), firstName: z.string() }),
});

export const passwordRoutes = [passwordResetEmailRoute, passwordResetRoute, passwordMeteorRoute, meteorTokenRoute] as const;
