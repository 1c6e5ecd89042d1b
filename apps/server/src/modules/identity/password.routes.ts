import { meteorTokenRoute, passwordMeteorRoute, passwordResetEmailRoute, passwordResetRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createIdentityRepository } from './identity.repository.js';
import { createLimiter } from './login-limiter.js';
import { createPasswordService } from './password.service.js';

export function passwordRoutes(platform: Platform) {
  const passwords = createPasswordService({
    repo: createIdentityRepository(platform.database.db),
    mail: platform.mail,
    publicUrl: platform.config.publicUrl,
    logger: platform.logger,
    limiter: createLimiter({ limit: platform.config.session.attemptsPerUsernamePerMinute, windowMs: 60_000 }),
    tokens: platform.tokens,
  });
  return [
    implement(passwordResetEmailRoute, ({ body, request }) =>
      passwords.sendResetEmail({ username: body.username, language: body.language, address: request.ip }),
    ),
    implement(passwordResetRoute, ({ body }) => passwords.resetPassword(body.token, body.password)),
    implement(passwordMeteorRoute, ({ body }) => passwords.resetPassword(body.token, body.newPassword)),
    implement(meteorTokenRoute, ({ params }) => passwords.tokenOwner(params.token)),
  ];
}
