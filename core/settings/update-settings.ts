import { AppError, invalid } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { HtmlSanitizer } from '../ports/html-sanitizer.ts';
import type { Store } from '../ports/repositories.ts';
import type { SettingsValues } from '../ports/settings-repository.ts';
import { ACCOUNT_FIELDS, FIELD_NAMES, SCOPED_FIELDS, SETTINGS_FIELDS, settableAt, type SettingsFieldName } from './settings-fields.ts';
import { holdsSettingsScope, parseSettingsScope, requireWritableScope } from './settings-scope.ts';
import { settingsView, type SettingsView } from './settings-view.ts';

export type SettingsPatch = Partial<Record<SettingsFieldName, unknown>> & { address?: string };

const unsupported = (param: string, message: string) => new AppError('capability_unsupported', message, param);

/** `address` may come in the query or the body; both at once must agree. */
function namedAddress(query: { address?: string }, body: SettingsPatch): string | undefined {
  if (query.address !== undefined && body.address !== undefined && query.address !== body.address) {
    throw invalid('address', 'Name `address` once: the query and the body disagree.');
  }
  return body.address ?? query.address;
}

/**
 * spec: PATCH /settings — partial: omitted fields keep their values, `null` removes the scope's own value, list
 * fields replace. Refusals in the host contract's order: capability (narrowed callers naming what they do not hold,
 * writing workspace-wide settings or the blocking list), then validation, then the write.
 */
export class UpdateSettings {
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly sanitizer: HtmlSanitizer) {}

  async execute(caller: Caller, query: { address?: string }, body: SettingsPatch): Promise<SettingsView> {
    const raw = namedAddress(query, body);
    const sent = FIELD_NAMES.filter((n) => body[n] !== undefined);
    const scopedSent = sent.filter((n) => !ACCOUNT_FIELDS.includes(n));
    if (!caller.reachesAll) {
      if (raw !== undefined && !holdsSettingsScope(caller, raw)) throw unsupported('address', 'A narrowed caller can change settings only of addresses and domains it holds.');
      if (sent.includes('workspaceName')) throw unsupported('workspaceName', 'A narrowed caller cannot rename the workspace.');
      if (raw === undefined && scopedSent.length) throw unsupported('address', 'A narrowed caller cannot change workspace-wide settings: name an address or domain it holds.');
      if (sent.includes('blockedSenders')) throw unsupported('blockedSenders', 'A narrowed caller cannot change blocking lists.');
    }
    const scope = parseSettingsScope(raw);
    const changes: SettingsValues = {};
    for (const name of sent) {
      const level = ACCOUNT_FIELDS.includes(name) ? 'account' : scope.level;
      if (!settableAt(name, level)) throw invalid(name, `\`${name}\` can be set at: ${SETTINGS_FIELDS[name].levels.join(', ')}.`);
      const value = body[name];
      if (value === null && name === 'workspaceName') throw invalid(name, 'A workspace needs a name.');
      changes[name] = value === null ? null : SETTINGS_FIELDS[name].parse(value, name, { sanitizer: this.sanitizer });
    }
    if (raw !== undefined) await requireWritableScope(this.store, caller.workspaceId, scope);

    if (sent.length) {
      await this.store.transaction(async (tx) => {
        const at = this.clock.now().toISOString();
        if (scopedSent.some((n) => n !== 'workspaceName')) {
          await tx.settings.lockScope(caller.workspaceId, scope.key);
          const own = (await tx.settings.scoped(caller.workspaceId, [scope.key])).get(scope.key) ?? {};
          await tx.settings.saveScoped(caller.workspaceId, scope.key, merge(own, changes, SCOPED_FIELDS), at);
        }
        if (sent.some((n) => ACCOUNT_FIELDS.includes(n))) {
          await tx.settings.lockAccount(caller.userId);
          await tx.settings.saveAccount(caller.userId, merge(await tx.settings.account(caller.userId), changes, ACCOUNT_FIELDS), at);
        }
        if (typeof changes.workspaceName === 'string') await tx.settings.renameWorkspace(caller.workspaceId, changes.workspaceName);
      });
    }
    return settingsView(this.store, caller.workspaceId, caller.userId, scope);
  }
}

/** The stored values with `changes` to `fields` applied: null removes a value, anything else replaces it. */
function merge(current: SettingsValues, changes: SettingsValues, fields: readonly string[]): SettingsValues {
  const next = { ...current };
  for (const name of fields) {
    if (!(name in changes)) continue;
    if (changes[name] === null) delete next[name];
    else next[name] = changes[name];
  }
  return next;
}
