import type { AccountType } from '@marketplace/contracts';

export interface NameColumns {
  first_name: string;
  last_name: string;
  account_type: AccountType;
  company_name: string | null;
}

/**
 * How a user is named to other people (a seller card, a blocked list): the company's name for a
 * company account, else the first name and the last name's initial — never the whole name.
 */
export function publicName(row: NameColumns): string {
  if (row.account_type === 'company' && row.company_name) return row.company_name;
  return `${row.first_name} ${Array.from(row.last_name)[0] ?? ''}.`.replace(/ \.$/, '');
}
