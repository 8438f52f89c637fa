// The name to show for a user: first and last name, or the e-mail address when both are empty.

export function displayName(user: { first_name: string; last_name: string; email: string }): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? user.email : name;
}
