/** The platform's error envelope, as every failing API response carries it. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string; [extra: string]: unknown }[];
}

/** The first error of a failing response (its `message` is the envelope's). */
export async function firstError(res: Response): Promise<ErrorBody['errors'][number]> {
  return ((await res.json()) as ErrorBody).errors[0];
}
