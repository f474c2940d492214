import { vi } from 'vitest';

import { ApiError, api, type ApiResponse } from '../lib/api-client';

type Method = 'get' | 'post' | 'put' | 'delete';

/** An API answer carrying `data`, for mocked API calls. */
export function answer<T>(data: T): ApiResponse<T> {
  return { data, status: 200, headers: {} };
}

/** The typed error the API client rejects with, as the server would word it. */
export function apiError(status: number, code: string, message: string, extra = {}): ApiError {
  return new ApiError({ status, code, message, fromServer: true, ...extra });
}

/**
 * Replaces one method of the app's API client for the current test (restored afterwards). Tests
 * that should run the client's headers and error handling too answer through mock-api.ts instead.
 */
export function spyOnApi(method: Method) {
  return vi.spyOn(api, method);
}
