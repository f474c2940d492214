import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminProductSchema, PRODUCT_PHOTO_FIELD, type AdminProduct } from '@vanya/contracts';

import { PRODUCTS_QUERY_KEY } from '../../../hooks/use-catalogue';
import { api } from '../../../lib/api-client';
import { PRODUCT_KEYS } from './admin-products-api';

// The owner's product photos: one cropped photo added after the product's others.

/** POST /admin/products/{id}/photos with the cropped JPEG; answers the product, the photo last. */
export async function uploadProductPhoto({
  id,
  photo,
}: {
  id: string;
  photo: Blob;
}): Promise<AdminProduct> {
  const form = new FormData();
  form.append(PRODUCT_PHOTO_FIELD, photo, 'photo.jpg');
  const { data } = await api.post(`/admin/products/${encodeURIComponent(id)}/photos`, form);
  return adminProductSchema.parse(data);
}

/**
 * Adds the photo; the owner's list and the shop's own copy of the products are read again. The
 * answer is given without waiting for them, so the form shows the photo at once.
 */
export function useUploadProductPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadProductPhoto,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PRODUCT_KEYS.all });
      void client.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    },
  });
}
