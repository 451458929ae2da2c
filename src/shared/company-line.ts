/** The one-line legal identity of the operator, built from settings.company. */
import type { Company } from './contract/settings';

export function companyLine(company: Company): string {
  const place = [company.address, [company.city, company.country].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');
  const parts = [company.name, place];
  if (company.kvk) parts.push(`KvK ${company.kvk}`);
  if (company.vat_numbers.length) parts.push(`VAT ${company.vat_numbers.join(', ')}`);
  return parts.filter(Boolean).join(' · ');
}
