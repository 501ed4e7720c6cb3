import type { AccountRepository } from './account-repository';
import type { UserRepository } from './user-repository';
import { hashPassword, verifyPassword } from './passwords';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD make that account an administrator at every start, creating it
 * if needed and keeping its password in step with the configuration. Bringing the password back
 * in step is a new password like any other (the account's one way to change it): the account is
 * signed out everywhere, its unused reset links end, and its events record the change.
 */
export async function bootstrapAdmin(
  { users, accounts }: { users: UserRepository; accounts: AccountRepository },
  admin: { email: string; password: string; name: string },
): Promise<void> {
  const existing = await users.findByEmail(admin.email);
  if (!existing) {
    const created = await users.create({
      email: admin.email,
      name: admin.name,
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
    });
    // Another instance may have created it at the same moment: fall through and make sure.
    if (created) return;
  }
  const user = existing ?? (await users.findByEmail(admin.email));
  if (user && !(await verifyPassword(user.passwordHash, admin.password))) {
    await accounts.changePassword(user.id, await hashPassword(admin.password), null);
  }
  await users.setAdmin(admin.email, true);
}
