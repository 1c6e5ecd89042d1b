import { createHash, randomBytes } from 'node:crypto';
import { AppError, type Language } from '@servicebay/domain';
import type { Logger } from 'pino';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import { translate } from '../../platform/i18n/translate.js';
import type { MailProvider } from '../../platform/mail/index.js';
import type { IdentityRepository } from './identity.repository.js';
import type { Limiter } from './login-limiter.js';

export const RESET_TOKEN_MINUTES = 60;

function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex');
}

const invalidToken = () => new AppError(400, 'INVALID_ARGUMENTS', 'token: this reset link is invalid, used or expired');

export function createPasswordService(deps: {
  repo: IdentityRepository;
  mail: MailProvider;
  publicUrl: string;
  logger: Logger;
  limiter: Limiter;
  tokens: Pick<TokenService, 'cutOff'>;
}) {
  const { repo, mail, publicUrl, logger, limiter, tokens } = deps;
  const product = translate('en', 'app:name');

  return {
    /**
     * Mails a single-use reset link when the user exists and has an e-mail address. Says nothing
     * either way, so the form cannot be used to find out who has an account.
     */
    async sendResetEmail(input: { username: string; language?: Language; address: string }): Promise<void> {
      if (!limiter.hit(`reset:${input.address}`) || !limiter.hit(`reset:${input.username.toLowerCase()}`)) {
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in a minute');
      }
      const user = await repo.userByUsernameOrEmail(input.username);
      if (!user || !user.active || !user.email) return;
      const token = randomBytes(32).toString('base64url');
      await repo.insertResetToken({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      });
      const lang = input.language ?? user.language;
      const link = `${publicUrl}/app/reset/password?token=${token}`;
      const vars = { product, username: user.username, minutes: RESET_TOKEN_MINUTES, name: user.firstName || user.username };
      const lines = [
        translate(lang, 'email:greeting', vars),
        '',
        translate(lang, 'email:passwordReset.intro', vars),
        translate(lang, 'email:passwordReset.action', vars),
        link,
        '',
        translate(lang, 'email:passwordReset.ignore', vars),
        '',
        translate(lang, 'email:signature', vars),
      ];
      try {
        await mail.send({
          to: user.email,
          subject: translate(lang, 'email:passwordReset.subject', vars),
          text: lines.join('\n'),
          storeId: user.storeId ?? undefined,
        });
      } catch (error) {
        // The delivery failure is recorded with the message; the form still answers the same way.
        logger.warn({ err: error, userId: user.id }, 'password reset e-mail not delivered');
      }
    },

    /**
     * Sets the password a reset link was sent for. What a user does when the account may be in
     * someone else's hands, so it also ends the user's other reset links and every sign-in (the
     * old tokens are refused at once), and lifts the lockout of the user's name.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = sha256(token);
      // Checked before hashing, so a made-up link costs no hash; used atomically after it.
      if (!(await repo.validResetToken(tokenHash))) throw invalidToken();
      const cut = await repo.resetPassword(tokenHash, await hashPassword(password));
      if (!cut) throw invalidToken();
      tokens.cutOff(cut.userId, cut.version);
    },

    async tokenOwner(token: string) {
      const owner = await repo.validResetToken(sha256(token));
      const user = owner ? await repo.userById(owner.userId) : null;
      if (!user) throw new AppError(404, 'NOT_FOUND', 'This reset link is invalid, used or expired');
      return { username: user.username, firstName: user.firstName };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
