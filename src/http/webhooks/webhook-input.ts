import { Compile } from 'typebox/compile';
import { describeSchemaErrors } from '../../catalogue/records/validate.js';
import { EndpointBodySchema, EndpointUpdateSchema, type EndpointBody, type EndpointUpdate } from './webhook-schemas.js';

/** Compiled at the first endpoint written, not at every start. */
const compileCreate = () => Compile(EndpointBodySchema);
const compileUpdate = () => Compile(EndpointUpdateSchema);
let checkCreate: ReturnType<typeof compileCreate> | undefined;
let checkUpdate: ReturnType<typeof compileUpdate> | undefined;

/** An endpoint's fields as the admin API and the console both judge them: valid, or every problem, each led by its field. */
export type EndpointCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly string[] };

function judged<T>(check: ReturnType<typeof compileCreate> | ReturnType<typeof compileUpdate>, body: object, prefix: string): EndpointCheck<T> {
  return check.Check(body) ? { ok: true, value: body as T } : { ok: false, problems: describeSchemaErrors(check.Errors(body), prefix) };
}

/** A new endpoint's body (`prefix` leads each field's name in the messages: `body` for the API). */
export const checkEndpointBody = (body: object, prefix: string): EndpointCheck<EndpointBody> => judged((checkCreate ??= compileCreate()), body, prefix);

/** A full update of an endpoint, with its optional `status`. */
export const checkEndpointUpdate = (body: object, prefix: string): EndpointCheck<EndpointUpdate> => judged((checkUpdate ??= compileUpdate()), body, prefix);
