import { useQuery } from '@tanstack/react-query';
import { loginStrategyRoute } from '@servicebay/domain';
import { isApiError } from '@servicebay/web-core';
import { useServices } from '../context.js';

/**
 * The welcome text: a known user is greeted by first name and asked for a password; a
 * customer with an e-mail but no user is asked to create a password; otherwise the text asks for
 * the e-mail and password. The strategy lookup answers which (docs/portal-users.md).
 */
export type Welcome = { kind: 'known'; firstName: string } | { kind: 'customer' } | { kind: 'unknown' };

export function welcomeOf(answer: { firstName?: string } | undefined, error: unknown): Welcome {
  if (answer?.firstName) return { kind: 'known', firstName: answer.firstName };
  if (isApiError(error) && error.code === 'CUSTOMER_WITHOUT_USER') return { kind: 'customer' };
  return { kind: 'unknown' };
}

/** The welcome for an e-mail once it is known (given in the link, or typed and left). */
export function useWelcome(email: string): Welcome {
  const { api } = useServices();
  const username = email.trim();
  const lookup = useQuery({
    queryKey: ['portal-welcome', username.toLowerCase()],
    queryFn: ({ signal }) => api.call(loginStrategyRoute, { body: { username }, signal, maxRetries: 0 }),
    enabled: username.includes('@'),
    staleTime: 5 * 60_000,
  });
  return welcomeOf(lookup.data, lookup.error);
}
