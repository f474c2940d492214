import { describe, expect, it } from 'vitest';
import {
  API_ERROR_MESSAGES,
  APP_MESSAGES,
  AUTH_MESSAGES,
  CONTACT_MESSAGES,
  FIELD_MESSAGES,
  LOGIN_ERROR_QUERY_MESSAGES,
  LOGIN_VERIFIED_QUERY_MESSAGES,
  PROFILE_MESSAGES,
  SESSION_MESSAGES,
  SHOP_MESSAGES,
  WISHLIST_MESSAGES,
} from './messages';

// The expected texts below are typed out by hand, not copied from messages.ts, so that a slip in
// either place fails here.

describe('messages of the account screens', () => {
  it('words the login and signup messages exactly', () => {
    expect(AUTH_MESSAGES.fillAllFields).toBe('Please fill in all fields');
    expect(AUTH_MESSAGES.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(AUTH_MESSAGES.passwordPolicy).toBe(
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    expect(AUTH_MESSAGES.loginFailed).toBe('Login failed. Please try again.');
    expect(AUTH_MESSAGES.signupFailed).toBe('Signup failed. Try again.');
    expect(AUTH_MESSAGES.signupSucceeded).toBe(
      'Account created! Check your email for confirmation.',
    );
  });

  it('greets by name after login', () => {
    expect(AUTH_MESSAGES.welcomeBack('Asha')).toBe('Welcome back, Asha!');
  });

  it('words the code, verification and reset messages exactly', () => {
    expect(AUTH_MESSAGES.otpOrEmailMissing).toBe('OTP or email is missing.');
    expect(AUTH_MESSAGES.otpResent).toBe('OTP resent to your email!');
    expect(AUTH_MESSAGES.otpResendFailed).toBe('Failed to resend OTP.');
    expect(AUTH_MESSAGES.otpVerified).toBe('OTP verified successfully!');
    expect(AUTH_MESSAGES.otpVerificationFailed).toBe('OTP verification failed.');
    expect(AUTH_MESSAGES.emailVerified).toBe('Email verified successfully!');
    expect(AUTH_MESSAGES.verificationTokenMissing).toBe('Invalid or missing verification token.');
    expect(AUTH_MESSAGES.verificationFailed).toBe('Verification failed.');
    expect(AUTH_MESSAGES.verificationError).toBe('An error occurred during verification.');
    expect(AUTH_MESSAGES.emailRequired).toBe('Email is required');
    expect(AUTH_MESSAGES.resetEmailSent).toBe('Password reset email sent');
    expect(AUTH_MESSAGES.resetEmailFailed).toBe('Error sending reset email');
    expect(AUTH_MESSAGES.missingToken).toBe('Missing token');
    expect(AUTH_MESSAGES.allFieldsRequired).toBe('All fields are required');
    expect(AUTH_MESSAGES.passwordResetSucceeded).toBe('Password reset successfully');
    expect(AUTH_MESSAGES.passwordResetFailed).toBe('Reset failed');
  });

  it('keys the login screen messages by the query value the verification link sends', () => {
    expect(LOGIN_VERIFIED_QUERY_MESSAGES).toEqual({
      true: { tone: 'success', text: 'Your email has been verified. Please log in.' },
      already: { tone: 'info', text: 'Email already verified. Please log in.' },
    });
    expect(LOGIN_ERROR_QUERY_MESSAGES).toEqual({
      invalid_or_expired_token: { tone: 'error', text: 'Verification link is invalid or expired.' },
      user_not_found: { tone: 'error', text: 'User not found during verification.' },
      missing_token: { tone: 'error', text: 'Verification link was incomplete.' },
    });
  });

  it('words the session messages exactly', () => {
    expect(SESSION_MESSAGES.sessionExpired).toBe('Session expired. Please log in again.');
    expect(SESSION_MESSAGES.inactivityLogout).toBe("You've been logged out due to inactivity.");
  });

  it('words the profile messages exactly, with and without the full stop where the screens differ', () => {
    expect(PROFILE_MESSAGES.fillAllAndVerify).toBe(
      'Please fill all fields and verify phone/email if changed.',
    );
    expect(PROFILE_MESSAGES.profileUpdated).toBe('Profile updated successfully.');
    expect(PROFILE_MESSAGES.profileUpdateFailed).toBe('Failed to update profile.');
    expect(PROFILE_MESSAGES.passwordChanged).toBe('Password changed successfully.');
    expect(PROFILE_MESSAGES.passwordChangeFailed).toBe('Failed to change password.');
    expect(PROFILE_MESSAGES.avatarUpdated).toBe('Avatar updated successfully!');
    expect(PROFILE_MESSAGES.avatarUploadFailed).toBe('Failed to upload avatar.');
    expect(PROFILE_MESSAGES.avatarComponentUploadFailed).toBe('Failed to upload avatar');
    expect(PROFILE_MESSAGES.avatarRemoveFailed).toBe('Failed to remove avatar');
    expect(PROFILE_MESSAGES.noCropArea).toBe('No image or crop area selected.');
    expect(PROFILE_MESSAGES.phoneOtpSendFailed).toBe('Failed to send phone OTP.');
    expect(PROFILE_MESSAGES.phoneOtpVerificationFailed).toBe('Phone OTP verification failed.');
    expect(PROFILE_MESSAGES.emailOtpSendFailed).toBe('Failed to send email OTP.');
    expect(PROFILE_MESSAGES.emailOtpVerificationFailed).toBe('Email OTP verification failed.');
    expect(PROFILE_MESSAGES.noInvoice).toBe('No invoice available');
    expect(PROFILE_MESSAGES.enterIssue).toBe('Please enter your issue');
  });

  it('words the wishlist toasts exactly', () => {
    expect(WISHLIST_MESSAGES.removed).toBe('Item removed from wishlist');
    expect(WISHLIST_MESSAGES.movedToCart).toBe('Item moved to cart');
    expect(WISHLIST_MESSAGES.cleared).toBe('Wishlist cleared');
  });

  it('keeps the typographic apostrophe of the not-found page', () => {
    expect(APP_MESSAGES.notFound).toBe(
      'This page wandered off into nature. Let\u2019s guide you back home.',
    );
  });
});

describe('messages of the shop screens', () => {
  it('words the cart toasts and catalogue notices exactly', () => {
    expect(SHOP_MESSAGES.itemAdded).toBe('Item added to cart');
    expect(SHOP_MESSAGES.quantityUpdated).toBe('Item quantity updated in cart');
    expect(SHOP_MESSAGES.itemRemoved).toBe('Item removed from cart');
    expect(SHOP_MESSAGES.noProductsInCategory).toBe('No products found in this category.');
    expect(SHOP_MESSAGES.productNotFound).toBe('Product not found');
    expect(SHOP_MESSAGES.noImages).toBe('No images available');
    expect(SHOP_MESSAGES.videoUnsupported).toBe(
      'Sorry, your browser does not support embedded videos.',
    );
  });

  it('words the checkout notices exactly', () => {
    expect(SHOP_MESSAGES.agreementRequiredTitle).toBe('Agreement Required');
    expect(SHOP_MESSAGES.agreementRequired).toBe(
      'Please agree to the terms and conditions before proceeding.',
    );
    expect(SHOP_MESSAGES.orderFailedTitle).toBe('Error');
    expect(SHOP_MESSAGES.orderFailed).toBe('Failed to submit order.');
    expect(SHOP_MESSAGES.paymentSuccessTitle).toBe('Payment Success');
  });

  it('words the contact messages exactly', () => {
    expect(CONTACT_MESSAGES.sent).toBe("Message sent successfully! We'll get back to you soon.");
    expect(CONTACT_MESSAGES.somethingWentWrong).toBe('Something went wrong.');
    expect(CONTACT_MESSAGES.sendFailed).toBe('Failed to send message.');
  });

  it("words the router's default error page exactly", () => {
    expect(APP_MESSAGES.unexpectedError).toBe('Unexpected Application Error!');
  });
});

describe('messages of our own', () => {
  it('word the field rules with the limits of the catalogue', () => {
    expect(FIELD_MESSAGES.mobile).toBe('Enter a 10-digit mobile number');
    expect(FIELD_MESSAGES.pinCode).toBe('Enter a 6-digit PIN code');
    expect(FIELD_MESSAGES.otp).toBe('Enter the 6-digit code');
    expect(FIELD_MESSAGES.passwordTooLong).toBe('Password is too long (at most 72 bytes)');
    expect(SHOP_MESSAGES.quantity).toBe('Quantity must be a whole number from 1 to 20');
  });

  it('tell a shopper to store a label instead of a card number', () => {
    expect(PROFILE_MESSAGES.cardNumberRefused).toContain('UPI id');
    expect(PROFILE_MESSAGES.cardNumberRefused).toContain("'Visa ending 4242'");
  });

  it('give every API error code a sentence', () => {
    for (const [code, text] of Object.entries(API_ERROR_MESSAGES)) {
      expect(text, code).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('leave no text empty or padded', () => {
    const groups = [
      FIELD_MESSAGES,
      AUTH_MESSAGES,
      SESSION_MESSAGES,
      PROFILE_MESSAGES,
      WISHLIST_MESSAGES,
      SHOP_MESSAGES,
      CONTACT_MESSAGES,
      APP_MESSAGES,
    ];
    for (const group of groups) {
      for (const [name, text] of Object.entries(group)) {
        if (typeof text !== 'string') continue;
        expect(text.length, name).toBeGreaterThan(0);
        expect(text.trim(), name).toBe(text);
      }
    }
  });
});
