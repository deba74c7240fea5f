// A call that consumes its token (verification, the emailed sign-in link) runs once per token and is never
// refetched: a second call would answer 404. Its query keeps the first answer for as long as the page lives.
export const SINGLE_USE_QUERY = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
