import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileRejection } from 'react-dropzone';
import { describe, expect, it, vi } from 'vitest';

import { ACCOUNT_TEXTS } from '../texts';
import { Avatar, DEFAULT_AVATAR } from './avatar';
import { rejectionMessage } from './profile-avatar';

const t = ACCOUNT_TEXTS.avatar;

describe('avatar', () => {
  it('shows the initials when there is no picture, with the hover title', () => {
    render(<Avatar name="asha patil" src="" onChoose={() => {}} onRemove={() => {}} />);
    const button = screen.getByRole('button', { name: t.change });
    expect(button).toHaveTextContent('AP');
    expect(button).toHaveAttribute('title', 'Click to change avatar');
    expect(screen.queryByRole('button', { name: t.remove })).not.toBeInTheDocument();
  });

  it('opens the picker on click and removes with the ×', async () => {
    const onChoose = vi.fn();
    const onRemove = vi.fn();
    render(
      <Avatar name="Asha" src="/uploads/avatars/a.jpg" onChoose={onChoose} onRemove={onRemove} />,
    );
    await userEvent.click(screen.getByRole('button', { name: t.change }));
    expect(onChoose).toHaveBeenCalledOnce();
    const remove = screen.getByRole('button', { name: t.remove });
    expect(remove).toHaveTextContent('×');
    await userEvent.click(remove);
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('shows an uploaded picture from the API’s address, and the default one if it fails', () => {
    render(
      <Avatar name="Asha" src="/uploads/avatars/a.jpg" onChoose={() => {}} onRemove={() => {}} />,
    );
    const image = screen.getByRole('img', { name: 'Avatar of Asha' });
    expect(image).toHaveAttribute('src', '/uploads/avatars/a.jpg');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Avatar of Asha' })).toHaveAttribute(
      'src',
      DEFAULT_AVATAR,
    );
  });

  it('shows the default picture when the name gives no initials', () => {
    render(<Avatar name="" src="" onChoose={() => {}} onRemove={() => {}} />);
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('covers the picture with a spinner while busy', () => {
    render(
      <Avatar name="Asha" src="" busy={t.uploading} onChoose={() => {}} onRemove={() => {}} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(t.uploading);
    expect(screen.getByRole('button', { name: t.change })).toBeDisabled();
  });

  it.each([
    ['file-invalid-type', t.rejected['file-invalid-type']],
    ['file-too-large', t.rejected['file-too-large']],
    ['file-too-small', t.rejected['file-too-small']],
    ['too-many-files', t.rejected['too-many-files']],
  ])('explains a %s rejection of the drop zone', (code, text) => {
    const rejection: FileRejection = {
      file: Object.assign(new File([], 'x'), { path: 'x', relativePath: 'x' }),
      errors: [{ code, message: code }],
    };
    expect(rejectionMessage([rejection])).toBe(text);
  });
});
