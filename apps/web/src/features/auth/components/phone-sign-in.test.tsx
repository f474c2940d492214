import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';

import { getToken, getUser } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import type { MockReply, MockRequest } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { AUTH_TEXTS } from '../texts';

const PHONE = '9822045123';
const CODE = '482913';

const newShopper = userFixture({
  name: 'Meera Iyer',
  email: '',
  phone: PHONE,
  emailVerified: false,
  hasLoggedInBefore: false,
});

/** The API of a number with no account yet: a name is asked for until one is sent. */
function newNumberApi(request: MockRequest): MockReply {
  if (request.url === '/auth/phone/start')
    return { status: 200, data: { sent: true, retryAfterSeconds: 30 } };
  const body = request.body as { name?: string };
  if (!body.name)
    return {
      status: 400,
      data: { code: 'NAME_REQUIRED', msg: PHONE_SIGN_IN_MESSAGES.nameRequired },
    };
  return { status: 200, data: { token: 'tok-new', user: newShopper, created: true } };
}

async function choosePhone() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Phone' }));
}

async function enterNumberAndCode(phone = PHONE) {
  await choosePhone();
  await userEvent.type(await screen.findByLabelText('Mobile number'), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await userEvent.type(await screen.findByLabelText('Verification code'), CODE);
  await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
}

describe('sign-in by phone on the login screen', () => {
  it('sits beside email and password, one tap away', async () => {
    renderRoute('/login');
    const phoneTab = await screen.findByRole('tab', { name: 'Phone' });
    expect(phoneTab).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(phoneTab);
    expect(phoneTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Email and password' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
  });

  it('creates an account for a new number with the name it then asks for, and returns where the guard sent it from', async () => {
    const requests = mockApi(newNumberApi);
    const { router } = renderRoute('/login?redirect=%2Fcheckout');
    await enterNumberAndCode();

    const name = await screen.findByLabelText('Full Name');
    expect(screen.getByText(AUTH_TEXTS.phoneSignIn.newAccount)).toBeInTheDocument();
    // Greeted as new, not welcomed back.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      AUTH_TEXTS.login.newHeading,
    );
    expect(screen.queryByText(AUTH_TEXTS.login.heading)).not.toBeInTheDocument();
    await userEvent.type(name, 'Meera Iyer');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(getToken()).toBe('tok-new');
    expect(getUser()).toMatchObject({ name: 'Meera Iyer' });
    expect(await screen.findByText(PHONE_SIGN_IN_MESSAGES.welcome('Meera Iyer'))).toBeVisible();
    const phoneCalls = requests.filter((r) => r.url.startsWith('/auth/phone/'));
    expect(phoneCalls.map((r) => [r.url, r.body])).toEqual([
      ['/auth/phone/start', { phone: PHONE }],
      ['/auth/phone/verify', { phone: PHONE, code: CODE }],
      ['/auth/phone/verify', { phone: PHONE, code: CODE, name: 'Meera Iyer' }],
    ]);
  });

  it('signs a known number straight in and sends a returning shopper home', async () => {
    mockApi((request) =>
      request.url === '/auth/phone/start'
        ? { status: 200, data: { sent: true, retryAfterSeconds: 30 } }
        : {
            status: 200,
            data: { token: 'tok-back', user: userFixture({ phone: PHONE }), created: false },
          },
    );
    const { router } = renderRoute('/login');
    await enterNumberAndCode();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe('tok-back');
    expect(await screen.findByText(AUTH_MESSAGES.welcomeBack('Asha Patil'))).toBeVisible();
  });

  it('counts down before another code may be sent', async () => {
    mockApi(newNumberApi);
    renderRoute('/login');
    await choosePhone();
    await userEvent.type(await screen.findByLabelText('Mobile number'), PHONE);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByRole('button', { name: /Resend code in \d+s/ });
    expect(resend).toBeDisabled();
    expect(screen.getByText(PHONE_SIGN_IN_MESSAGES.codeSent(PHONE))).toBeInTheDocument();
  });

  it('refuses a number that is not an Indian mobile without calling the API', async () => {
    const requests = mockApi(newNumberApi);
    renderRoute('/login');
    await choosePhone();
    await userEvent.type(await screen.findByLabelText('Mobile number'), '5822045123');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_SIGN_IN_MESSAGES.mobile)).toBeInTheDocument();
    expect(requests.filter((r) => r.url.startsWith('/auth/phone/'))).toEqual([]);
  });

  it('says a wrong code beside the code field, with what to do, and stays on the code', async () => {
    mockApi((request) =>
      request.url === '/auth/phone/start'
        ? { status: 200, data: { sent: true, retryAfterSeconds: 30 } }
        : { status: 400, data: { code: 'INVALID_OTP', msg: AUTH_MESSAGES.otpInvalid } },
    );
    renderRoute('/login');
    await enterNumberAndCode();
    const field = screen.getByLabelText('Verification code');
    const said = AUTH_TEXTS.phoneSignIn.codeRefused(AUTH_MESSAGES.otpInvalid);
    await waitFor(() => expect(field).toHaveAccessibleDescription(said));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    // Said once, beside the field: not in a toast as well.
    expect(screen.getAllByText(said)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(AUTH_TEXTS.login.heading);
    expect(getToken()).toBeNull();
  });

  it('hands an account with two-step verification to the emailed code', async () => {
    mockApi((request) =>
      request.url === '/auth/phone/start'
        ? { status: 200, data: { sent: true, retryAfterSeconds: 30 } }
        : {
            status: 403,
            data: {
              code: 'OTP_REQUIRED',
              msg: AUTH_MESSAGES.otpRequired,
              email: 'asha@example.com',
              resendAfterSeconds: 30,
            },
          },
    );
    const { router } = renderRoute('/login?redirect=%2Fcheckout');
    await enterNumberAndCode();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(router.state.location.state).toMatchObject({
      email: 'asha@example.com',
      redirect: '/checkout',
    });
  });
});
