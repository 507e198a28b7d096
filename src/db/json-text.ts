/**
 * A JSON document exactly as stored: a read that needs no change to it hands this to the transport,
 * which sends the text as the body without parsing and re-serializing it.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
