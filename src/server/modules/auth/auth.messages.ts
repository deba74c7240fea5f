// The texts of the account calls: the service's refusals and the routes' answers.
export const AUTH_MSG = {
  signedUp: 'Please check your email and open the link we sent to verify your account.',
  loggedIn: 'Logged in',
  unverified: 'Please verify your email first: we sent a fresh verification link to your inbox.',
  /** No fresh link: one goes out at most once a minute per account. */
  unverifiedLinkRecent:
    'Please verify your email first: a verification link was sent less than a minute ago; check your inbox.',
  invalidLogin: 'Invalid email or password',
  verified: 'Email verified',
  linkValid: 'The link is valid',
  linkInvalid: 'This link is invalid or has expired',
  resetSent: 'If an account exists for this email, we sent a link to reset the password. Check your inbox.',
  passwordChanged: 'Password changed. Please log in with the new password.',
  loggedOut: 'Logged out',
  busy: 'The server is busy. Please try again in a minute.',
  accountPaused: (wait: string) =>
    `Too many failed logins for this email, so password login is paused for ${wait}. If it has an account, we ` +
    'emailed its owner a one-time sign-in link.',
  addressPaused: (wait: string) => `Too many attempts. Try again in ${wait}.`,
} as const;
