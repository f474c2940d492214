import { UserModel } from '../users/user.model';

/**
 * Makes the account of `email` an owner, or a customer again. Answers what happened in words for
 * the command line; an unknown email changes nothing.
 */
export async function setOwner(email: string, owner: boolean): Promise<string> {
  const address = email.trim().toLowerCase();
  const user = await UserModel.findOne({ email: address }).lean<{ role?: string }>();
  if (!user)
    throw new Error(`No account has the email ${address}. Sign up first, then run this again.`);
  const role = owner ? 'owner' : 'customer';
  if (user.role === role)
    return `${address} is already ${owner ? 'an owner' : 'a customer'}; nothing changed.`;
  await UserModel.updateOne({ email: address }, { $set: { role } });
  return owner
    ? `${address} is now an owner: the owner area is at /admin.`
    : `${address} is a customer again (an address listed in OWNER_EMAILS stays an owner).`;
}
