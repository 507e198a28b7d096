type Localized = Readonly<Record<string, string>>;

/**
 * A LocalizedString field read with `(locale, acceptLanguage)`: the first of the asked locales that
 * has a value, null if none has; asked for no locale, the first value there is.
 */
export function localizedValue(value: Localized | undefined, args: { locale?: string | null; acceptLanguage?: readonly string[] | null }): string | null {
  if (!value) return null;
  for (const locale of [...(args.locale ? [args.locale] : []), ...(args.acceptLanguage ?? [])]) if (value[locale] !== undefined) return value[locale];
  return args.locale || args.acceptLanguage ? null : (Object.values(value)[0] ?? null);
}

/** `…AllLocales`: every locale's value as a LocalizedString list (null for an absent value). */
export function allLocales(value: Localized): { locale: string; value: string }[];
export function allLocales(value: Localized | undefined): { locale: string; value: string }[] | null;
export function allLocales(value: Localized | undefined): { locale: string; value: string }[] | null {
  return value ? Object.entries(value).map(([locale, text]) => ({ locale, value: text })) : null;
}
