import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';

import { answer, apiError, spyOnApi } from '../../../testing/api-spy';
import { renderRoute } from '../../../testing/render-route';

async function fill(fields: {
  name?: string;
  email?: string;
  password?: string;
  confirm?: string;
}) {
  if (fields.name) await userEvent.type(screen.getByLabelText('Full Name'), fields.name);
  if (fields.email) await userEvent.type(screen.getByLabelText('Email'), fields.email);
  if (fields.password)
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), fields.password);
  if (fields.confirm)
    await userEvent.type(screen.getByLabelText('Confirm Password'), fields.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const complete = {
  name: 'Meera Kulkarni',
  email: 'meera@example.com',
  password: 'Shea@Butter77',
  confirm: 'Shea@Butter77',
};

describe('signup screen', () => {
  it('asks for all four fields', async () => {
    renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Create an Account' });
    await fill({ name: 'Meera', email: 'meera@example.com' });
    expect(await screen.findByText(AUTH_MESSAGES.fillAllFields)).toBeInTheDocument();
  });

  it('says when the passwords do not match', async () => {
    renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Create an Account' });
    await fill({ ...complete, confirm: 'Shea@Butter78' });
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('explains the password policy', async () => {
    renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Create an Account' });
    await fill({ ...complete, password: 'sheabutter', confirm: 'sheabutter' });
    expect(await screen.findByText(AUTH_MESSAGES.passwordPolicy)).toBeInTheDocument();
  });

  it('creates the account, says so and goes to the login page', async () => {
    const post = spyOnApi('post').mockResolvedValue(
      answer({ msg: 'Account created.', message: 'Account created.' }),
    );
    const { router } = renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Create an Account' });
    await fill(complete);
    expect(await screen.findByText(AUTH_MESSAGES.signupSucceeded)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(post).toHaveBeenCalledWith('/auth/register', {
      name: 'Meera Kulkarni',
      email: 'meera@example.com',
      password: 'Shea@Butter77',
    });
  });

  it('shows the server’s message when signup fails, or its own', async () => {
    spyOnApi('post')
      .mockRejectedValueOnce(apiError(429, 'RATE_LIMITED', 'Too many requests.'))
      .mockRejectedValueOnce(new Error('offline'));
    renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Create an Account' });
    await fill(complete);
    expect(await screen.findByText('Too many requests.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(AUTH_MESSAGES.signupFailed)).toBeInTheDocument();
  });

  it('shows "Creating account..." while the request runs', async () => {
    let finish: (value: unknown) => void = () => {};
    spyOnApi('post').mockReturnValue(new Promise((resolve) => (finish = resolve)) as never);
    renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Create an Account' });
    await fill(complete);
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    finish(answer({ msg: 'ok', message: 'ok' }));
    expect(await screen.findByText(AUTH_MESSAGES.signupSucceeded)).toBeInTheDocument();
  });
});
