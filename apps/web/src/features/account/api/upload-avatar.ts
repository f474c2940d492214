import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVATAR_FIELD, avatarResponseSchema, type User } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** POST /auth/upload-avatar with the cropped JPEG; answers the new avatar path. */
export async function uploadAvatar(image: Blob): Promise<string> {
  const form = new FormData();
  form.append(AVATAR_FIELD, image, 'avatar.jpg');
  const { data } = await api.post('/auth/upload-avatar', form);
  return avatarResponseSchema.parse(data).avatar;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (avatar) =>
      queryClient.setQueryData<User>(ACCOUNT_KEYS.me, (user) => user && { ...user, avatar }),
  });
}
