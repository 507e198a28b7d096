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

/**
 * Asserts an error answer completely: the status, the platform's envelope around it, and the first
 * error's code (plus any fields given). A status alone would pass for the wrong error.
 */
export async function expectError(res: Response, status: number, code: string, fields: Record<string, unknown> = {}): Promise<void> {
  const body = (await res.json()) as { statusCode: number; message: string; errors: Array<Record<string, unknown>> };
  expect({ status: res.status, statusCode: body.statusCode, code: body.errors?.[0]?.code }).toEqual({ status, statusCode: status, code });
  expect(typeof body.message).toBe('string');
  expect(body.errors[0]).toMatchObject({ message: expect.any(String), ...fields });
}
