import type {
  ChangePasswordBody,
  LoginBody,
  PhoneVerifyBody,
  RegisterBody,
  ResetPasswordBody,
  TwoStepBody,
  UpdateMeBody,
} from '@vanya/contracts';
import { createAvatarStore } from '../users/avatar-store';
import type { LoginEvent } from '../users/login-history';
import type { UserDoc } from '../users/user.model';
import {
  changePassword,
  recordVerifiedChange,
  sendEmailChangeCode,
  sendPhoneChangeCode,
  updateMe,
  view,
} from './account-changes';
import { authDeps } from './auth-deps';
import type { AuthServiceDeps } from './auth-deps';
import { login, resendOtp, sendTwoStepCode, setTwoStep, verifyOtp } from './password-login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { startPhoneSignIn, verifyPhoneSignIn } from './phone-sign-in';
import { register, verifyEmailAndSignIn, verifyEmailLink } from './sign-up';

export type { AuthServiceDeps } from './auth-deps';
export type { VerifyLinkOutcome } from './sign-up';

/**
 * The account's operations, each a module function of its seam (sign-up.ts, password-login.ts,
 * phone-sign-in.ts, password-reset.ts, account-changes.ts) given the one deps object.
 */
export function createAuthService(serviceDeps: AuthServiceDeps) {
  const deps = authDeps(serviceDeps);
  const avatars = createAvatarStore(deps.config.uploadDir);
  return {
    // Sign-up and email verification.
    register: (body: RegisterBody, requester?: string) => register(deps, body, requester),
    verifyEmailLink: (token: string) => verifyEmailLink(deps, token),
    verifyEmailAndSignIn: (token: string, event: LoginEvent) =>
      verifyEmailAndSignIn(deps, token, event),

    // Password login and its code (an unverified account's, or the second step's).
    login: (body: LoginBody, event: LoginEvent) => login(deps, body, event),
    verifyOtp: (email: string, otp: string, event: LoginEvent) =>
      verifyOtp(deps, email, otp, event),
    resendOtp: (email: string, requester?: string) => resendOtp(deps, email, requester),
    sendTwoStepCode: (user: UserDoc) => sendTwoStepCode(deps, user),
    setTwoStep: (user: UserDoc, body: TwoStepBody, client: string) =>
      setTwoStep(deps, user, body, client),

    // Sign-in by phone.
    startPhoneSignIn: (phone: string, requester?: string) =>
      startPhoneSignIn(deps, phone, requester),
    verifyPhoneSignIn: (body: PhoneVerifyBody, event: LoginEvent) =>
      verifyPhoneSignIn(deps, body, event),

    // Password reset.
    requestPasswordReset: (email: string) => requestPasswordReset(deps, email),
    resetPassword: (body: ResetPasswordBody) => resetPassword(deps, body),

    // The profile and its changes.
    me: view,
    updateMe: (user: UserDoc, body: UpdateMeBody) => updateMe(deps, user, body),
    sendEmailChangeCode: (user: UserDoc, email: string) => sendEmailChangeCode(deps, user, email),
    verifyEmailChangeCode: (user: UserDoc, email: string, otp: string, client: string) =>
      recordVerifiedChange(deps, user, 'email', email, otp, client),
    sendPhoneChangeCode: (user: UserDoc, phone: string) => sendPhoneChangeCode(deps, user, phone),
    verifyPhoneChangeCode: (user: UserDoc, phone: string, otp: string, client: string) =>
      recordVerifiedChange(deps, user, 'phone', phone, otp, client),
    changePassword: (user: UserDoc, body: ChangePasswordBody) => changePassword(deps, user, body),
    uploadAvatar: (user: UserDoc, image: Buffer): Promise<string> =>
      avatars.replace(user._id, image),
    removeAvatar: (user: UserDoc): Promise<void> => avatars.remove(user._id),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
