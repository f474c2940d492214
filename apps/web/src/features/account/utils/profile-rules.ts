export const INDIA = 'IN';

export type ProfileValues = {
  name: string;
  email: string;
  phone: string;
  dob: string;
  gender: string;
};

export type ChangeFlags = { emailVerified: boolean; phoneVerified: boolean };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the email in the form differs from the saved one (so 'Send Email OTP' shows). */
export function emailChanged(
  values: Pick<ProfileValues, 'email'>,
  saved: Pick<ProfileValues, 'email'>,
) {
  return !sameEmail(values.email, saved.email);
}

/**
 * Whether the phone in the form differs from the saved one. Another country than India counts as
 * a change too: the saved number is an Indian mobile, and only those can be verified and saved.
 */
export function phoneChanged(
  values: Pick<ProfileValues, 'phone'>,
  saved: Pick<ProfileValues, 'phone'>,
  country: string,
) {
  return country !== INDIA || values.phone.trim() !== saved.phone.trim();
}

/**
 * Save Changes is enabled only when name, email, phone, date of birth and gender are all filled
 * and a changed email or phone has been verified with its code.
 */
export function canSaveProfile(
  values: ProfileValues,
  saved: ProfileValues,
  country: string,
  flags: ChangeFlags,
): boolean {
  const filled = [values.name, values.email, values.phone, values.dob, values.gender].every(
    (value) => value.trim() !== '',
  );
  if (!filled) return false;
  if (emailChanged(values, saved) && !flags.emailVerified) return false;
  if (phoneChanged(values, saved, country) && !flags.phoneVerified) return false;
  return true;
}
