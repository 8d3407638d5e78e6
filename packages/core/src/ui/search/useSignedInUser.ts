import { useEffect, useState } from 'react';
import { decodeToken } from '../../model';
import { useServices } from '../app/DatahavenServices';

/**
 * The signed-in user's name from the token's first part (spec §3 "Auth token": username), or null
 * until a token has been read. Follows a token the host pushes (ERP 'PUT /user/token'), which is
 * how another user takes over the same frame.
 */
export function useSignedInUser(): string | null {
  const { tokens, host } = useServices();
  const [username, setUsername] = useState<string | null>(() => tokens.current?.username ?? null);
  useEffect(() => {
    let current = true;
    tokens
      .getToken()
      .then(() => {
        if (current) setUsername(tokens.current?.username ?? null);
      })
      // Without a token nothing user-owned is shown; the failure itself is reported by the calls that need it.
      .catch(() => undefined);
    const unsubscribe = host.onTokenPushed((token) => {
      const pushed = decodeToken(token)?.username;
      if (current && pushed) setUsername(pushed);
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [tokens, host]);
  return username;
}
