import { meteorTokenRoute, passwordMeteorRoute, passwordResetEmailRoute, passwordResetRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { PasswordService } from './password.service.js';

export function passwordRoutes(passwords: PasswordService) {
  return [
    implement(passwordResetEmailRoute, ({ body, request }) =>
      passwords.sendResetEmail({ username: body.username, language: body.language, address: request.ip }),
    ),
    implement(passwordResetRoute, ({ body }) => passwords.resetPassword(body.token, body.password)),
    implement(passwordMeteorRoute, ({ body }) => passwords.resetPassword(body.token, body.newPassword)),
    implement(meteorTokenRoute, ({ params }) => passwords.tokenOwner(params.token)),
  ];
}
