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
