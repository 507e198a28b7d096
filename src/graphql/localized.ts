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

type LocaleArgs = { locale?: string | null; acceptLanguage?: readonly string[] | null };
type LocalizedKey<T> = { [K in keyof T]-?: T[K] extends Localized | undefined ? K : never }[keyof T] & string;

/**
 * The resolvers of LocalizedString fields as the platform's schema has them, two per field: `name`
 * read with `(locale, acceptLanguage)` and `nameAllLocales` (null where the value is optional and
 * absent). Curried for the document type: `...localizedFields<Category>()('name', 'slug')`.
 */
export function localizedFields<T>() {
  return <K extends LocalizedKey<T>>(
    ...names: K[]
  ): { [P in K]: (doc: T, args: LocaleArgs) => string | null } & {
    [P in K as `${P}AllLocales`]: (doc: T) => undefined extends T[P] ? { locale: string; value: string }[] | null : { locale: string; value: string }[];
  } =>
    Object.fromEntries(
      names.flatMap((name) => [
        [name, (doc: T, args: LocaleArgs) => localizedValue(doc[name] as Localized | undefined, args)],
        [`${name}AllLocales`, (doc: T) => allLocales(doc[name] as Localized | undefined)],
      ]),
    ) as never;
}
