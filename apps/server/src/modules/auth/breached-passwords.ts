/**
 * The breached-password corpus of the new-password policy (OWASP ASVS 4.0.3 2.1.7: "the top 1,000 or 10,000 most
 * common passwords"): the 10,000 most frequent of the breach corpora ranked by zxcvbn-ts (`@zxcvbn-ts/language-common`,
 * 49,233 in all), lower case. Local, because deployments may have no outbound network for a breached-password API.
 * Server only: the console's strength meter would have to download ~220 kB for it.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const BREACHED_PASSWORDS_CHECKED = 10_000;

const BREACHED = new Set(
  dictionary['passwords-common'].slice(0, BREACHED_PASSWORDS_CHECKED).map((p) => p.toLowerCase()),
);

/** Whether `candidate` (lower case) is one of the most frequent breached passwords. */
export const isBreachedPassword = (candidate: string): boolean => BREACHED.has(candidate);
