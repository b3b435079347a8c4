import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { validateSlotFields } from '../../../catalogue/records/validate.js';
import { searchWords } from '../../../catalogue/search/search-words.js';
import { VersionConflictError, type SlotInput } from '../../../store/store.js';
import { HttpError } from '../../answers/errors.js';
import { refusedPage } from '../../../web/console/access-pages.js';
import { EMPTY_SLOT_FORM, fieldErrors, SLOT_FORM_FIELDS, slotFormBody, slotFormValues, type FieldErrors, type SlotFormValues } from '../../../web/console/slot-form.js';
import { slotFormPage, type SlotFormModel } from '../../../web/console/slot-form-page.js';
import { deletePage, historyPage } from '../../../web/console/slot-pages.js';
import { slotsPage } from '../../../web/console/slots-page.js';
import type { RawQuery } from '../../../web/pages/search-query.js';
import { searchOutcome } from '../../answers/search-outcome.js';
import { SlotListQuerySchema } from '../../contract/request-schemas.js';
import { committed } from '../admin-common.js';
import { documented, page, seeOther } from './console-schemas.js';
import { actorOfUser, baseOf, formField, formFields, pathId, sendPage, viewerOf, type ConsoleDeps } from './console-common.js';

/** Changes a history page shows at most, as the admin API's history does. */
const HISTORY_LIMIT = 100;
const EMOJI_CHOICES = 24;
const VERSION = /^[1-9][0-9]{0,14}$/;
/** Code points of `?emojis=` the new-slot form takes: room for 12 emojis of the longest sequences and the spaces between. */
const PREFILLED_TAGS_MAX = 400;
const NewSlotQuerySchema = Type.Object({
  emojis: Type.Optional(
    Type.String({ description: `Emojis to fill the tags in with (the first ${PREFILLED_TAGS_MAX} code points), as the Insights page's gaps link here; checked when the form is saved` }),
  ),
});

/** The form's values as posted, with ticked found emojis added to the tags. */
function postedValues(body: unknown): SlotFormValues {
  const values = Object.fromEntries(SLOT_FORM_FIELDS.map((name) => [name, formField(body, name)])) as Record<(typeof SLOT_FORM_FIELDS)[number], string>;
  const added = formFields(body, 'addEmoji');
  if (added.length > 0) values.emojiTags = [values.emojiTags.trim(), ...added].filter((part) => part !== '').join(' ');
  return values;
}

/** The posted form checked by the admin API's own validator: the input to write, or the messages by field. */
function checked(values: SlotFormValues): { readonly input: SlotInput } | { readonly errors: FieldErrors } {
  const result = validateSlotFields(slotFormBody(values));
  return result.ok ? { input: result.value } : { errors: fieldErrors(result.errors) };
}

/** `committed` turns a slug clash into a 409 whose message names the slug, as the API answers it. */
const isSlugTaken = (error: unknown): error is HttpError => error instanceof HttpError && error.statusCode === 409;

export function consoleSlotRoutes(console: FastifyInstance, deps: ConsoleDeps): void {
  const { catalogue, assets } = deps;
  const store = catalogue.store;

  const notFound = (request: FastifyRequest, reply: FastifyReply, what: string) =>
    sendPage(reply, refusedPage(404, `${what} was not found.`, viewerOf(request), baseOf(request, deps), assets), 404);

  /** The form again: refused (400), in conflict (409), or with found emojis (200). */
  const form = (request: FastifyRequest, reply: FastifyReply, model: SlotFormModel, status = 200) =>
    sendPage(reply, slotFormPage(model, viewerOf(request), baseOf(request, deps), assets), status);

  /** The emoji word search of the form without script: the same index as `GET /api/emojis/search`. */
  const emojiSearch = (query: string) => {
    const words = searchWords(query.slice(0, 50));
    const found = words.length === 0 ? [] : catalogue.current.emojiWords.search(words, EMOJI_CHOICES).emojis;
    return { query, found: found.map(({ emoji, name }) => ({ emoji, name })) };
  };

  console.get('/slots', documented('consoleSlots', 'Slots: the search of /search (the parameters of GET /api/slots) with links to edit each', 'GET', 'operator', { 200: page('The results'), 400: page('The search cannot run: the message in place of the results') }, [], SlotListQuerySchema), async (request, reply) => {
    const snapshot = catalogue.current;
    const outcome = searchOutcome(snapshot, request.url, request.query as RawQuery, deps.popular());
    const page = slotsPage(outcome, viewerOf(request), baseOf(request, deps), assets, (request.query as { deleted?: string }).deleted === undefined ? undefined : 'The slot was deleted.');
    return sendPage(reply, page, outcome.kind === 'refused' ? 400 : 200);
  });

  // `?emojis=` fills in the tags, as the Insights page's gaps link here; the form checks them when saved.
  console.get('/slots/new', documented('consoleNewSlotPage', 'The form for a new slot, its emoji tags filled in from `emojis` when given', 'GET', 'operator', { 200: page('The form') }, [], NewSlotQuerySchema), async (request, reply) => {
    const emojis = (request.query as { emojis?: unknown }).emojis;
    const emojiTags = typeof emojis === 'string' ? [...emojis].slice(0, PREFILLED_TAGS_MAX).join('').trim() : '';
    return form(request, reply, { mode: 'new', values: { ...EMPTY_SLOT_FORM, emojiTags }, errors: {} });
  });

  console.post('/slots/new', documented('consoleCreateSlot', 'Add a slot (a form), or find emojis by word for its tags', 'POST', 'operator', { 200: page('The form again with the emojis found'), 303: seeOther('Saved: to the new slot\'s edit page'), 400: page('Not saved: each invalid field marked beside itself, everything typed kept'), 409: page('Not saved: the slug is taken') }), async (request, reply) => {
    const values = postedValues(request.body);
    if (formField(request.body, 'intent') === 'find-emojis') {
      return form(request, reply, { mode: 'new', values, errors: {}, emojiSearch: emojiSearch(formField(request.body, 'emojiQuery')) });
    }
    const result = checked(values);
    if ('errors' in result) return form(request, reply, { mode: 'new', values, errors: result.errors }, 400);
    try {
      const record = await committed(catalogue.createSlot(result.input, actorOfUser(request)));
      return reply.redirect(`/admin/slots/${record.id}/edit?saved=1`, 303);
    } catch (error) {
      if (!isSlugTaken(error)) throw error;
      return form(request, reply, { mode: 'new', values, errors: { slug: [error.message] } }, 409);
    }
  });

  console.get('/slots/:id/edit', documented('consoleEditSlotPage', 'The form of a slot, at its current version', 'GET', 'operator', { 200: page('The form'), 404: page('No such slot') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const found = id === undefined ? undefined : await committed(store.readSlot(id));
    if (id === undefined || found === undefined) return notFound(request, reply, 'This slot');
    const saved = (request.query as { saved?: string }).saved !== undefined;
    const model: SlotFormModel = {
      mode: 'edit',
      slot: { id, slug: found.record.slug, version: found.version },
      values: slotFormValues(found.record),
      errors: {},
      ...(saved ? { message: `Saved as version ${found.version}.` } : {}),
    };
    return form(request, reply, model);
  });

  console.post('/slots/:id/edit', documented('consoleSaveSlot', 'Save a slot (a form, carrying the version it was opened at), or find emojis by word', 'POST', 'operator', { 200: page('The form again with the emojis found'), 303: seeOther('Saved: to the edit page'), 400: page('Not saved: each invalid field marked beside itself, everything typed kept'), 404: page('No such slot'), 409: page('Not saved: someone saved a newer version (both shown side by side), or the slug is taken') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const found = id === undefined ? undefined : await committed(store.readSlot(id));
    if (id === undefined || found === undefined) return notFound(request, reply, 'This slot');
    const values = postedValues(request.body);
    const version = VERSION.test(formField(request.body, 'version')) ? Number(formField(request.body, 'version')) : found.version;
    const slot = { id, slug: found.record.slug, version };
    if (formField(request.body, 'intent') === 'find-emojis') {
      return form(request, reply, { mode: 'edit', slot, values, errors: {}, emojiSearch: emojiSearch(formField(request.body, 'emojiQuery')) });
    }
    const result = checked(values);
    if ('errors' in result) return form(request, reply, { mode: 'edit', slot, values, errors: result.errors }, 400);
    try {
      await committed(catalogue.replaceSlot(id, result.input, actorOfUser(request), version));
      return reply.redirect(`/admin/slots/${id}/edit?saved=1`, 303);
    } catch (error) {
      if (error instanceof VersionConflictError) {
        const conflict = { version: error.current.version, current: slotFormValues(error.current.record) };
        return form(request, reply, { mode: 'edit', slot, values, errors: {}, conflict }, 409);
      }
      if (isSlugTaken(error)) return form(request, reply, { mode: 'edit', slot, values, errors: { slug: [error.message] } }, 409);
      throw error;
    }
  });

  console.get('/slots/:id/delete', documented('consoleDeleteSlotPage', 'Confirm deleting a slot', 'GET', 'operator', { 200: page('The confirmation'), 404: page('No such slot') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const found = id === undefined ? undefined : await committed(store.readSlot(id));
    if (found === undefined) return notFound(request, reply, 'This slot');
    return sendPage(reply, deletePage(found.record, found.version, viewerOf(request), baseOf(request, deps), assets));
  });

  console.post('/slots/:id/delete', documented('consoleDeleteSlot', 'Delete a slot at the version confirmed (a form)', 'POST', 'operator', { 303: seeOther('Deleted: to the slots list'), 404: page('No such slot'), 409: page('Not deleted: someone changed the slot since (both shown)') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const found = id === undefined ? undefined : await committed(store.readSlot(id));
    if (id === undefined || found === undefined) return notFound(request, reply, 'This slot');
    const raw = formField(request.body, 'version');
    try {
      await committed(catalogue.deleteSlot(id, actorOfUser(request), VERSION.test(raw) ? Number(raw) : found.version));
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      const conflict = { version: error.current.version, current: slotFormValues(error.current.record) };
      const slot = { id, slug: found.record.slug, version: error.current.version };
      return form(request, reply, { mode: 'edit', slot, values: slotFormValues(found.record), errors: {}, conflict, message: 'Not deleted: someone changed the slot after you opened it.' }, 409);
    }
    return reply.redirect('/admin/slots?deleted=1', 303);
  });

  console.get('/slots/:id/history', documented('consoleSlotHistory', "A slot's changes, field by field, with a restore button on each version", 'GET', 'operator', { 200: page('The history'), 404: page('No such slot, now or in the audit') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    if (id === undefined) return notFound(request, reply, 'This slot');
    // The audit's entries for the slot hold each change's record before and after, so every version shows exactly what it changed.
    const [entries, found] = await Promise.all([committed(store.access.audit({ slot: id, limit: HISTORY_LIMIT })), committed(store.readSlot(id))]);
    const versions = entries.flatMap(({ version, time, actor, action, before, after }) =>
      version === undefined || before === undefined || after === undefined ? [] : [{ version, time, actor, action, before, after }],
    );
    if (versions.length === 0 && found === undefined) return notFound(request, reply, 'This slot');
    const name = found?.record.name ?? versions.find((line) => line.before !== null)?.before?.name ?? `slot ${id}`;
    const restored = (request.query as { restored?: string }).restored;
    const message = restored === undefined ? undefined : `Restored: the slot is now as version ${restored} had it.`;
    return sendPage(reply, historyPage(id, name, versions, found?.version, viewerOf(request), baseOf(request, deps), assets, message));
  });

  console.post('/slots/:id/restore', documented('consoleRestoreSlot', 'Write a version of a slot back as a new change (a form)', 'POST', 'operator', { 303: seeOther('Restored: to the history'), 404: page('No such version of this slot'), 409: page('Not restored: another slot has its slug now') }, ['id']), async (request, reply) => {
    const id = pathId(request);
    const raw = formField(request.body, 'version');
    if (id === undefined || !VERSION.test(raw)) return notFound(request, reply, 'This version');
    let outcome;
    try {
      outcome = await committed(catalogue.restoreSlot(id, Number(raw), actorOfUser(request)));
    } catch (error) {
      if (!isSlugTaken(error)) throw error;
      return sendPage(reply, refusedPage(409, `Not restored: ${error.message}.`, viewerOf(request), baseOf(request, deps), assets), 409);
    }
    if ('missing' in outcome) return notFound(request, reply, 'This version');
    return reply.redirect(`/admin/slots/${id}/history?restored=${raw}`, 303);
  });
}
