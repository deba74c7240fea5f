// @vitest-environment happy-dom
// The account screens against a stubbed fetch: the calls they make and the specified alerts and redirects.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMON_PASSWORD_MSG } from '../../../shared/common-passwords';
import { TEXT } from '../../../shared/constants';
import { AlertBanner, showAlert } from '../../components/alert-banner';
import { memoryLocation, Route, Router, Switch } from '../../lib/router';
import { getSession, signOut } from '../../lib/session';
import ChangePasswordPage from './change-password-page';
import ForgotPasswordPage from './forgot-password-page';
import LoginPage from './login-page';
import SignInLinkPage from './sign-in-link-page';
import SignupPage from './signup-page';
import VerifyPage from './verify-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  signOut();
  // The alert store outlives a test by ALERT_MS; replace whatever the last test left with a marker.
  showAlert('(none yet)');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string | { pathname: string; state: unknown }, routes: ReactNode) {
  const path = typeof url === 'string' ? url : url.pathname;
  // The login page reads the page to return to from history.state, where the link that led there put it.
  window.history.replaceState(typeof url === 'string' ? null : url.state, '');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path }).hook}>
        <AlertBanner />
        <Switch>
          {routes}
          <Route path="/">
            <p>home page</p>
          </Route>
          <Route path="/login">
            <p>login page</p>
          </Route>
        </Switch>
      </Router>
    </QueryClientProvider>,
  );
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
function submit() {
  const form = screen.getByRole('button', { name: /^(Login|Sign Up|Verify|Change)$/ }).closest('form');
  if (!form) throw new Error('the submit button is not inside a form');
  fireEvent.submit(form);
}
/** Waits for the alert banner to read `text`. */
const expectAlert = (text: string) => waitFor(() => expect(screen.getByTestId('alert').textContent).toBe(text));
/** The JSON body of the `call`-th fetch. */
function sentBody(call = 0): unknown {
  const body = fetchMock.mock.calls[call][1]?.body;
  if (typeof body !== 'string') throw new Error(`fetch call ${call} sent no JSON body`);
  return JSON.parse(body);
}

describe('/login', () => {
  const renderLogin = () => renderAt('/login-form', <Route path="/login-form" component={LoginPage} />);

  it('has the forgot-password and register links', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/user/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/signup');
  });

  it("stores the token and user id, goes to / and alerts 'Logged in Successfuly'", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, authToken: 'tok', id: 'user-1', msg: 'Logged in' }));
    renderLogin();
    type('Email', 'ada@example.test');
    type('Password', 'secret-pass');
    submit();
    await expectAlert(`Success: ${TEXT.loggedIn}`);
    // The router renders a navigation as a transition: it may land a render after the alert.
    await waitFor(() => expect(screen.getByText('home page')).toBeTruthy());
    expect(getSession()).toEqual({ token: 'tok', userId: 'user-1' });
    expect(localStorage.getItem('auth-token')).toBe('tok');
    expect(localStorage.getItem('user-id')).toBe('user-1');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/loginUser');
    expect(sentBody()).toEqual({ email: 'ada@example.test', password: 'secret-pass' });
  });

  it('shows msg in success style when success is explicitly false, and stays', async () => {
    fetchMock.mockResolvedValue(json(200, { success: false, msg: 'Please verify your email first' }));
    renderLogin();
    type('Email', 'ada@example.test');
    type('Password', 'secret-pass');
    submit();
    await expectAlert('Success: Please verify your email first');
    expect(getSession().token).toBeNull();
    expect(screen.queryByText('home page')).toBeNull();
  });

  it('shows the error in danger style otherwise', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'Invalid email or password' }));
    renderLogin();
    type('Email', 'ada@example.test');
    type('Password', 'wrong-pass');
    submit();
    await expectAlert('Error: Invalid email or password');
    expect(getSession().token).toBeNull();
  });
});

describe('/signup', () => {
  const renderSignup = () => renderAt('/signup', <Route path="/signup" component={SignupPage} />);
  const fill = (password: string, repeat: string) => {
    type('User name', 'Ada Lovelace');
    type('Email', 'ada@example.test');
    type('Password', password);
    type('Repeat password', repeat);
  };

  it("alerts 'Password not matching' and sends nothing when the passwords differ", async () => {
    renderSignup();
    fill('secret-pass', 'secret-pasS');
    submit();
    await expectAlert(`Error: ${TEXT.passwordMismatch}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("alerts 'SignUp Successfuly' followed by msg and does not redirect", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'Check your email.' }));
    renderSignup();
    fill('secret-pass', 'secret-pass');
    submit();
    await expectAlert(`Success: ${TEXT.signedUp} Check your email.`);
    expect(sentBody()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.test', password: 'secret-pass' });
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeTruthy();
  });

  it('shows the error in danger style', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'Too many attempts. Try again in 5 minutes.' }));
    renderSignup();
    fill('secret-pass', 'secret-pass');
    submit();
    await expectAlert('Error: Too many attempts. Try again in 5 minutes.');
  });
});

describe('/user/verify/:token', () => {
  const renderVerify = () =>
    renderAt('/user/verify/tok123', <Route path="/user/verify/:token" component={VerifyPage} />);

  it("shows 'Email Verified Successfully' with a Login button when the call answers 200", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'Email verified' }));
    renderVerify();
    expect(await screen.findByText(TEXT.emailVerified)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/verify/tok123');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the 404 view otherwise', async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'This link is invalid or has expired' }));
    renderVerify();
    expect(await screen.findByText(TEXT.notFoundTitle)).toBeTruthy();
  });
});

describe('/user/sign-in/:token', () => {
  const renderSignIn = () =>
    renderAt('/user/sign-in/tok456', <Route path="/user/sign-in/:token" component={SignInLinkPage} />);

  it('signs in with the link once, goes home and says so', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, authToken: 'session-tok', id: 'u1', msg: 'Logged in' }));
    renderSignIn();
    expect(await screen.findByText('home page')).toBeTruthy();
    await expectAlert(`Success: ${TEXT.loggedIn}`);
    expect(getSession()).toEqual({ token: 'session-tok', userId: 'u1' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/signInWithLink');
    expect(sentBody()).toEqual({ token: 'tok456' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the 404 view for a spent or unknown link', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'This link is invalid or has expired' }));
    renderSignIn();
    expect(await screen.findByText(TEXT.notFoundTitle)).toBeTruthy();
    expect(getSession().token).toBeNull();
  });
});

describe('/user/forgot-password', () => {
  const renderForgot = () => renderAt('/forgot', <Route path="/forgot" component={ForgotPasswordPage} />);

  it('shows the returned msg on 200, and has a Back to Login link', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'If an account exists, we sent a link.' }));
    renderForgot();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    type('Email', 'ada@example.test');
    submit();
    await expectAlert('Success: If an account exists, we sent a link.');
    expect(sentBody()).toEqual({ email: 'ada@example.test' });
  });

  it("shows 'Email not found' in danger style on any other status", async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'Too many attempts.' }));
    renderForgot();
    type('Email', 'ada@example.test');
    submit();
    await expectAlert(`Error: ${TEXT.emailNotFound}`);
  });
});

describe('/user/change-password/:token', () => {
  const renderChange = () =>
    renderAt(
      '/user/change-password/reset-tok',
      <Route path="/user/change-password/:token" component={ChangePasswordPage} />,
    );

  it('shows the 404 view when the token is not valid', async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'invalid' }));
    renderChange();
    expect(await screen.findByText(TEXT.notFoundTitle)).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/verify/reset-tok');
  });

  it("alerts 'Password not matching' and sends nothing when the passwords differ", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    renderChange();
    await screen.findByLabelText('New password');
    type('New password', 'brand-new-pass');
    type('Repeat password', 'brand-new-pasS');
    submit();
    await expectAlert(`Error: ${TEXT.passwordMismatch}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends {id: token, password}, alerts 'Password Changed Successfully! ' and goes to /login", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true })).mockResolvedValueOnce(json(200, { success: true }));
    renderChange();
    await screen.findByLabelText('New password');
    type('New password', 'brand-new-pass');
    type('Repeat password', 'brand-new-pass');
    submit();
    await expectAlert(`Success: ${TEXT.passwordChanged}`);
    await waitFor(() => expect(screen.getByText('login page')).toBeTruthy());
    expect(fetchMock.mock.calls[1][0]).toBe('/api/auth/Changepassword');
    expect(sentBody(1)).toEqual({ id: 'reset-tok', password: 'brand-new-pass' });
  });

  it("alerts 'Some Error occured..try again' and goes to /login when the change fails", async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true }))
      .mockResolvedValueOnce(json(400, { error: 'expired' }));
    renderChange();
    await screen.findByLabelText('New password');
    type('New password', 'brand-new-pass');
    type('Repeat password', 'brand-new-pass');
    submit();
    await expectAlert(`Error: ${TEXT.passwordChangeFailed}`);
    await waitFor(() => expect(screen.getByText('login page')).toBeTruthy());
  });
});

describe('problems beside their fields, outcomes that stay', () => {
  const field = (label: string) => screen.getByLabelText(label);
  /** Submits and lets the submit finish (one submit runs at a time: a second one while it runs is ignored). */
  const send = async () => {
    submit();
    await act(async () => {});
  };
  const problemOf = (label: string) => {
    const id = field(label).getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  };

  it('login: empty or malformed fields are named beside them, focus goes to the first, nothing is sent', async () => {
    renderAt('/login-form', <Route path="/login-form" component={LoginPage} />);
    await send();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(problemOf('Email')).toBe('Enter your email address.');
    expect(problemOf('Password')).toBe('Enter a password.');
    expect(document.activeElement).toBe(field('Email'));

    type('Email', 'ada@');
    type('Password', '12345');
    await send();
    expect(problemOf('Email')).toBe('Enter an email address like name@example.com.');
    expect(problemOf('Password')).toBe('The password needs at least 6 characters.');
    expect(fetchMock).not.toHaveBeenCalled();

    type('Email', 'ada@example.test');
    await send();
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Password'));
  });

  it("login: a wrong password marks the password field invalid with the server's words, which stay after the alert", async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'Invalid email or password' }));
    renderAt('/login-form', <Route path="/login-form" component={LoginPage} />);
    type('Email', 'ada@example.test');
    type('Password', 'wrong-pass');
    await send();
    await expectAlert('Error: Invalid email or password');
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(problemOf('Password')).toBe('Invalid email or password');
    expect(document.activeElement).toBe(field('Password'));
    // The alert lasts a second; the field's error stays.
    await waitFor(() => expect(screen.queryByTestId('alert')?.textContent ?? '').not.toContain('Invalid email'), {
      timeout: 3000,
    });
    expect(problemOf('Password')).toBe('Invalid email or password');
  });

  it("login: other refusals (too many attempts) stay on the page as the form's problem", async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'Too many attempts. Try again in 15 minutes.' }));
    renderAt('/login-form', <Route path="/login-form" component={LoginPage} />);
    type('Email', 'ada@example.test');
    type('Password', 'wrong-pass');
    await send();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(
        'Too many attempts. Try again in 15 minutes.',
      ),
    );
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it.each(['password', 'Qwerty123'])(
    'sign-up: the common password %s is named beside the field and nothing is sent',
    async (password) => {
      renderAt('/signup', <Route path="/signup" component={SignupPage} />);
      type('User name', 'Ada Lovelace');
      type('Email', 'ada@example.test');
      type('Password', password);
      type('Repeat password', password);
      await send();
      await waitFor(() => expect(problemOf('Password')).toBe(COMMON_PASSWORD_MSG));
      expect(field('Password').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field('Password'));
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('change password: a common password is named beside the field, nothing is sent and the form stays', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    renderAt(
      '/user/change-password/reset-tok',
      <Route path="/user/change-password/:token" component={ChangePasswordPage} />,
    );
    await screen.findByLabelText('New password');
    type('New password', 'LetMeIn');
    type('Repeat password', 'LetMeIn');
    await send();
    await waitFor(() => expect(problemOf('New password')).toBe(COMMON_PASSWORD_MSG));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('login page')).toBeNull();
  });

  it("sign-up: a mismatch is named beside the repeat field too; success leaves a 'Check your email' panel naming the address", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'Check your email.' }));
    renderAt('/signup', <Route path="/signup" component={SignupPage} />);
    type('User name', 'Ada');
    type('Email', 'ada@example.test');
    type('Password', 'secret-pass');
    type('Repeat password', 'secret-pasS');
    await send();
    expect(problemOf('User name')).toBe('The user name needs at least 5 characters.');
    expect(problemOf('Repeat password')).toBe(TEXT.passwordMismatch);
    expect(fetchMock).not.toHaveBeenCalled();

    type('User name', 'Ada Lovelace');
    type('Repeat password', 'secret-pass');
    await send();
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(document.activeElement).toBe(heading);
    expect(heading.parentElement?.textContent).toContain('We sent a link to ada@example.test.');
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("forgot password: an empty field is named and nothing is sent; success leaves a 'Check your email' panel", async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'If the email is known, a link is on its way.' }));
    renderAt('/forgot', <Route path="/forgot" component={ForgotPasswordPage} />);
    await send();
    expect(problemOf('Email')).toBe('Enter your email address.');
    expect(fetchMock).not.toHaveBeenCalled();
    type('Email', 'ada@example.test');
    await send();
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    // One message, naming the address (the server's own words were the alert's).
    const panel = heading.parentElement?.textContent ?? '';
    expect(panel).toContain('If ada@example.test belongs to an account, a link to set a new password is on its way.');
    expect(panel).not.toContain('If the email is known, a link is on its way.');
    expect(panel.match(/a link/g)).toHaveLength(1);
  });
});

describe('/login returns the learner where they came from', () => {
  const logIn = async (from: string) => {
    fetchMock.mockResolvedValue(json(200, { success: true, authToken: 'tok', id: 'user-1', msg: 'Logged in' }));
    renderAt(
      { pathname: '/login-form', state: { from } },
      <>
        <Route path="/login-form" component={LoginPage} />
        <Route path="/bugs/:id">
          <p>bug page</p>
        </Route>
        <Route path="/user/verify/:token">
          <p>verify page</p>
        </Route>
      </>,
    );
    type('Email', 'ada@example.test');
    type('Password', 'secret-pass');
    submit();
    await expectAlert(`Success: ${TEXT.loggedIn}`);
  };

  it('to the page they came from', async () => {
    await logIn('/bugs/b1');
    await waitFor(() => expect(screen.getByText('bug page')).toBeTruthy());
  });

  it('but not to an account page (a spent verification link would show the 404 view): home instead', async () => {
    await logIn('/user/verify/spent-token');
    await waitFor(() => expect(screen.getByText('home page')).toBeTruthy());
  });
});
