/** The TanStack Query client of the console (tests make their own with `createQueryClient({ retry: false })`). */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A 4xx answer will not change on retry (bad input, no permission, not found); network and 5xx failures may. */
export function isRetryable(error: unknown): boolean {
  return !(
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

interface QueryClientOptions {
  /** Retry failed queries; off in tests so that a failure shows at once. */
  retry?: boolean;
}

export function createQueryClient({ retry = true }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => retry && isRetryable(error) && failureCount < 2,
      },
      // A mutation is not idempotent in general: never repeat it behind the user's back.
      mutations: { retry: false },
    },
  });
}
