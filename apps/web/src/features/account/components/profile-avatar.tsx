import { LIMITS } from '@vanya/catalog';
import { PROFILE_MESSAGES } from '@vanya/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { Area } from 'react-easy-crop';

import { CropDialog } from '../../../components/media/crop-dialog';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { cropToJpeg } from '../../../lib/crop-image';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { ACCOUNT_TEXTS } from '../texts';
import { Avatar } from './avatar';

type RejectionCode = keyof typeof ACCOUNT_TEXTS.avatar.rejected;

/** Why the drop zone refused the files, in words (type, size, too small, too many). */
export function rejectionMessage(rejections: readonly FileRejection[]): string {
  const texts = ACCOUNT_TEXTS.avatar.rejected;
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  const code = (
    ['too-many-files', 'file-invalid-type', 'file-too-large', 'file-too-small'] as const
  ).find((known) => codes.includes(known));
  return texts[(code ?? 'other') as RejectionCode];
}

/** An alert that names the failure in the shop's words, then the server's reason when it gave one. */
function alertFailure(text: string, error: unknown) {
  const reason = isApiError(error) && error.fromServer ? error.message : '';
  window.alert(reason ? `${text}\n\n${reason}` : text);
}

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}

/**
 * The avatar in the profile card with everything around it: drag and drop or click to choose an
 * image, the square crop, the JPEG upload, and removal.
 */
export function ProfileAvatar({ name, avatar }: { name: string; avatar: string }) {
  const t = ACCOUNT_TEXTS.avatar;
  const toast = useToast();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  // The chosen image, as an object URL, while the crop dialog is open.
  const [image, setImage] = useState<string | null>(null);
  const openImage = useRef<string | null>(null);
  useEffect(() => {
    openImage.current = image;
  }, [image]);
  useEffect(() => () => revoke(openImage.current), []);

  const onDropAccepted = useCallback((files: File[]) => {
    const file = files[0];
    if (file) setImage(URL.createObjectURL(file));
  }, []);

  const onCancel = useCallback(() => {
    setImage((current) => {
      revoke(current);
      return null;
    });
  }, []);

  const onDropRejected = useCallback(
    (rejections: FileRejection[]) => toast.error(rejectionMessage(rejections)),
    [toast],
  );

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: { 'image/*': [] },
    maxFiles: 1,
    multiple: false,
    maxSize: LIMITS.avatarMaxBytes,
    minSize: 1,
    noClick: true,
    noKeyboard: true,
    onDropAccepted,
    onDropRejected,
  });

  const onSave = async (area: Area | null) => {
    const source = image;
    // The dialog closes whether or not the picture can be saved.
    setImage(null);
    if (!source || !area) {
      revoke(source);
      toast.error(PROFILE_MESSAGES.noCropArea);
      return;
    }
    try {
      const jpeg = await cropToJpeg(source, area);
      await upload.mutateAsync(jpeg);
      toast.success(PROFILE_MESSAGES.avatarUpdated);
    } catch (error) {
      alertFailure(PROFILE_MESSAGES.avatarComponentUploadFailed, error);
    } finally {
      revoke(source);
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.info(PROFILE_MESSAGES.avatarRemoved);
    } catch (error) {
      alertFailure(PROFILE_MESSAGES.avatarRemoveFailed, error);
    }
  };

  const busy = upload.isPending ? t.uploading : remove.isPending ? t.removing : null;

  return (
    <>
      <div
        {...getRootProps({
          className: `avatar-drop${isDragActive ? ' is-dragging' : ''}`,
          'aria-label': t.dropHint,
          role: 'group',
        })}
      >
        <input {...getInputProps({ 'aria-label': t.fileInput })} />
        <Avatar
          name={name}
          src={avatar}
          busy={busy}
          onChoose={open}
          onRemove={() => void onRemove()}
        />
        {isDragActive ? <span className="avatar-drop__label">{t.dropHere}</span> : null}
      </div>
      {image
        ? createPortal(
            <CropDialog
              image={image}
              aspect={1}
              texts={t.crop}
              onCancel={onCancel}
              onSave={(area) => void onSave(area)}
            />,
            document.body,
          )
        : null}
    </>
  );
}
