import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES, type User } from '@vanya/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { answer, apiError, spyOnApi } from '../../../testing/api-spy';
import { userFixture } from '../../../testing/user-fixtures';
import { ACCOUNT_TEXTS } from '../texts';
import { DetailsTab } from './details-tab';

const t = ACCOUNT_TEXTS.details;

const complete = userFixture();

const sent = (text: string) => answer({ msg: text, message: text });

function renderTab(user: User = complete) {
  return render(
    <AppProvider>
      <DetailsTab user={user} />
    </AppProvider>,
  );
}

const save = () => screen.getByRole('button', { name: t.save });

afterEach(() => {
  vi.useRealTimers();
});

describe('profile details', () => {
  it('shows the joined date read-only and the gender with readable names', () => {
    renderTab();
    expect(screen.getByLabelText(t.joined)).toHaveValue('1 Mar 2025');
    expect(screen.getByLabelText(t.joined)).toHaveAttribute('readonly');
    expect(screen.getByRole('option', { name: 'Prefer not to say' })).toHaveValue(
      'prefer_not_to_say',
    );
  });

  it('keeps Save Changes off until name, email, phone, date of birth and gender are filled', async () => {
    renderTab({ ...complete, phone: '', dob: '', gender: '' });
    expect(save()).toBeDisabled();
    expect(screen.getByText(PROFILE_MESSAGES.fillAllAndVerify)).toBeInTheDocument();
  });

  it('needs a changed email verified by its code, and starts over when it is edited again', async () => {
    const post = spyOnApi('post')
      .mockResolvedValueOnce(sent(PROFILE_MESSAGES.emailOtpSent))
      .mockResolvedValueOnce(sent(PROFILE_MESSAGES.emailOtpVerified));
    renderTab();
    expect(save()).toBeEnabled();
    expect(screen.queryByRole('button', { name: t.sendEmailOtp })).not.toBeInTheDocument();

    const email = screen.getByLabelText(t.email);
    await userEvent.clear(email);
    await userEvent.type(email, 'asha.patil@example.com');
    expect(save()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: t.sendEmailOtp }));
    expect(await screen.findByText(PROFILE_MESSAGES.emailOtpSent)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/auth/send-email-otp', { email: 'asha.patil@example.com' });

    const code = screen.getByPlaceholderText(t.otpPlaceholder);
    expect(code).toHaveAttribute('maxLength', '6');
    await userEvent.type(code, '1234567');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByText(t.verified)).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('/auth/verify-email-otp', {
      email: 'asha.patil@example.com',
      otp: '123456',
    });
    expect(save()).toBeEnabled();

    await userEvent.type(email, 'x');
    expect(screen.queryByText(t.verified)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.sendEmailOtp })).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('says when the phone code could not be sent', async () => {
    spyOnApi('post').mockRejectedValueOnce(new Error('offline'));
    renderTab();
    const phone = screen.getByRole('textbox', { name: t.phone });
    await userEvent.clear(phone);
    await userEvent.type(phone, '98-76 54 32 10');
    expect(phone).toHaveValue('9876543210');
    await userEvent.click(screen.getByRole('button', { name: t.sendPhoneOtp }));
    expect(await screen.findByText(PROFILE_MESSAGES.phoneOtpSendFailed)).toBeInTheDocument();
  });

  it('saves the details, showing "Saving..." meanwhile', async () => {
    let finish: (value: unknown) => void = () => {};
    const put = spyOnApi('put').mockReturnValue(
      new Promise((resolve) => (finish = resolve)) as never,
    );
    renderTab();
    const name = screen.getByLabelText(t.name);
    await userEvent.clear(name);
    await userEvent.type(name, 'Asha P. Patil');
    await userEvent.click(save());
    expect(await screen.findByRole('button', { name: t.saving })).toBeDisabled();
    expect(put).toHaveBeenCalledWith('/auth/me', {
      name: 'Asha P. Patil',
      email: 'asha@example.com',
      phone: '9822045123',
      dob: '1994-08-15',
      gender: 'female',
    });
    await act(async () =>
      finish(answer({ data: { user: { ...complete, name: 'Asha P. Patil' } } })),
    );
    expect(await screen.findByText(PROFILE_MESSAGES.profileUpdated)).toBeInTheDocument();
  });

  it('says when the details could not be saved', async () => {
    spyOnApi('put')
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(apiError(403, 'EMAIL_CHANGE_NOT_VERIFIED', 'Verify it first.'));
    renderTab();
    await userEvent.click(save());
    expect(await screen.findByText(PROFILE_MESSAGES.profileUpdateFailed)).toBeInTheDocument();
    await userEvent.click(save());
    expect(await screen.findByText('Verify it first.')).toBeInTheDocument();
  });

  it('searches countries after a 250 ms pause and explains that only Indian numbers can be verified', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: /Country code: India \+91/ }));
    const list = screen.getByRole('listbox');
    fireEvent.change(screen.getByRole('searchbox', { name: t.countrySearch }), {
      target: { value: 'united' },
    });
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(within(list).getByRole('option', { name: /Afghanistan/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(list).queryByRole('option', { name: /Afghanistan/ })).not.toBeInTheDocument();
    fireEvent.click(within(list).getByRole('option', { name: /United States/ }));

    expect(screen.getByText(t.indiaOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.sendPhoneOtp })).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: t.phone })).toHaveAttribute('maxLength', '15');
  });
});
