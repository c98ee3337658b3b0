import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api'
import { sessionKey } from './session'

export const queryClient: QueryClient = new QueryClient({
  // A 401 means the session ended since the page loaded (signed out elsewhere, expired): asking
  // again lets the guards send the visitor to /login instead of leaving an error on screen.
  queryCache: new QueryCache({
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 401) void queryClient.invalidateQueries({ queryKey: sessionKey })
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
})
