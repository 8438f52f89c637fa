// The sensitive-content search's countries (the profile's sc_ss_countries): Denmark, Norway, Sweden and the United States,
// each a national identity number the passive search looks for, validated by its check digits and dates.
import { Checkbox, Stack } from '@mantine/core';
import { WEB_SENSITIVE_COUNTRIES, WEB_SENSITIVE_COUNTRY_LABELS, type WebSensitiveCountry } from '@bulwark/core';

export interface SensitiveCountriesFieldProps {
  value: WebSensitiveCountry[];
  onChange(value: WebSensitiveCountry[]): void;
  error?: string;
}

export function SensitiveCountriesField({ value, onChange, error }: SensitiveCountriesFieldProps) {
  return (
    <Checkbox.Group
      value={value}
      onChange={(chosen) => onChange(WEB_SENSITIVE_COUNTRIES.filter((c) => chosen.includes(c)))}
      label="National identity numbers to look for"
      description="Every response is searched for the numbers of the countries chosen. A number counts only when its check digits and date are valid, and the evidence shows it masked."
      error={error}
    >
      <Stack gap={6} mt="xs">
        {WEB_SENSITIVE_COUNTRIES.map((country) => (
          <Checkbox key={country} value={country} label={WEB_SENSITIVE_COUNTRY_LABELS[country]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
