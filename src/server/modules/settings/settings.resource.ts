import { and, eq, isNull, sql } from 'drizzle-orm';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import {
  isDatedKind,
  Setting,
  SETTING_KIND_LABELS,
  SETTING_LIST,
  SettingCreate,
  SettingList,
  SettingListQuery,
  SettingPatch,
  settingValueSchema,
  type SettingKind,
} from '../../../shared/contracts/settings';
import { settings } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import { defineResource, recordStamps, type RequestWriteContext } from '../../lib/resource/define';
import { foldSql } from '../../lib/resource/fold-sql';
import { TODAY_IN_VIETNAM } from '../../lib/settings';

/**
 * Every settings row as one resource. Which versions may change is decided by the day in Vietnam: a version whose
 * start day is after today is `scheduled` (editable, removable); the newest one on or before today is `current`;
 * older ones are `past`. A dated kind's current or past version is history: it is never edited or removed (a
 * change is a new version with a start day). A plain kind's row is edited in place.
 */

// The outer row is named in full ("settings".…): inside the sub-query a bare column would mean the inner row.
const STATUS = sql<'past' | 'current' | 'scheduled'>`CASE
  WHEN "settings"."effective_from" > ${TODAY_IN_VIETNAM} THEN 'scheduled'
  WHEN EXISTS (
    SELECT 1 FROM settings AS newer
    WHERE newer.kind = "settings"."kind" AND newer.key = "settings"."key" AND newer.deleted_at IS NULL
      AND newer.effective_from <= ${TODAY_IN_VIETNAM}
      AND (newer.effective_from > "settings"."effective_from" OR (newer.effective_from = "settings"."effective_from" AND newer.id > "settings"."id"))
  ) THEN 'past'
  ELSE 'current' END`;

const today = () => businessDate(Date.now());

function fieldError(status: number, path: (string | number)[], message: string): HttpError {
  return new HttpError(status, message, undefined, [{ path: path.join('.'), message }]);
}

/** The value checked by its kind/key's schema; a key foreign to the kind or a bad value is a 400 on the field. */
function checkedValue(kind: SettingKind, key: string, value: unknown): unknown {
  const schema = settingValueSchema(kind, key);
  if (!schema) throw fieldError(400, ['key'], 'Khóa không thuộc loại cấu hình này');
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(
      400,
      issue.message,
      undefined,
      parsed.error.issues.map((i) => ({ path: ['value', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

function checkStartDay(day: string): void {
  if (day < today()) throw fieldError(400, ['effectiveFrom'], 'Ngày hiệu lực không được trước hôm nay');
}

async function createSetting(ctx: RequestWriteContext, input: SettingCreate): Promise<number> {
  const value = checkedValue(input.kind, input.key, input.value);
  const dated = isDatedKind(input.kind);
  const effectiveFrom = input.effectiveFrom ?? today();
  checkStartDay(effectiveFrom);
  if (!dated) {
    if (input.effectiveFrom !== undefined && input.effectiveFrom !== today()) throw fieldError(400, ['effectiveFrom'], 'Cấu hình này không theo ngày hiệu lực: hãy sửa trực tiếp');
    const [existing] = await ctx.tx
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.kind, input.kind), eq(settings.key, input.key), isNull(settings.deletedAt)))
      .limit(1);
    if (existing) throw fieldError(409, ['key'], 'Cấu hình này đã có: hãy sửa giá trị hiện tại');
  } else if (effectiveFrom > today()) {
    // Two scheduled versions on one day would leave one that never applies: edit the scheduled one instead.
    const [same] = await ctx.tx
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.kind, input.kind), eq(settings.key, input.key), eq(settings.effectiveFrom, effectiveFrom), isNull(settings.deletedAt)))
      .limit(1);
    if (same) throw fieldError(409, ['effectiveFrom'], 'Đã có một phiên bản bắt đầu đúng ngày này: hãy sửa phiên bản đó');
  }
  const [row] = await ctx.tx
    .insert(settings)
    .values({
      kind: input.kind,
      key: input.key,
      value,
      effectiveFrom,
      description: input.description ?? `${SETTING_KIND_LABELS[input.kind]}: ${input.key}`,
      createdBy: ctx.meta.actorId,
      updatedBy: ctx.meta.actorId,
    })
    .returning({ id: settings.id });
  return row!.id;
}

async function updateSetting(_ctx: RequestWriteContext, current: Setting, patch: SettingPatch) {
  const kind = current.kind as SettingKind;
  if (isDatedKind(kind) && current.status !== 'scheduled') {
    throw new HttpError(409, 'Phiên bản đã có hiệu lực không được sửa: hãy thêm phiên bản mới với ngày bắt đầu');
  }
  const set: Record<string, unknown> = {};
  if (patch.value !== undefined) set.value = checkedValue(kind, current.key, patch.value);
  if (patch.effectiveFrom !== undefined) {
    if (!isDatedKind(kind)) throw fieldError(400, ['effectiveFrom'], 'Cấu hình này không theo ngày hiệu lực: hãy sửa trực tiếp');
    checkStartDay(patch.effectiveFrom);
    set.effectiveFrom = patch.effectiveFrom;
  }
  if (patch.description !== undefined) set.description = patch.description;
  return { set };
}

async function removeSetting(_ctx: RequestWriteContext, current: Setting): Promise<void> {
  if (current.status !== 'scheduled') throw new HttpError(409, 'Chỉ xóa được phiên bản chưa đến ngày hiệu lực');
}

export const settingsResource = defineResource({
  name: 'settings',
  label: 'cấu hình',
  table: settings,
  deletedAt: settings.deletedAt,
  spec: SETTING_LIST,
  schemas: { item: Setting, list: SettingList, listQuery: SettingListQuery, create: SettingCreate, patch: SettingPatch },
  select: {
    fields: {
      id: settings.id,
      kind: settings.kind,
      key: settings.key,
      value: settings.value,
      effectiveFrom: settings.effectiveFrom,
      description: settings.description,
      status: STATUS,
      ...recordStamps(settings),
    },
    toItem: (r): Setting => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }),
  },
  sort: { kind: settings.kind, key: settings.key, effectiveFrom: settings.effectiveFrom, updatedAt: settings.updatedAt },
  filters: { kind: settings.kind, status: STATUS, key: settings.key },
  // A few hundred rows at most: folding in SQL beats keeping a search column in step.
  search: foldSql(sql`${settings.kind} || ' ' || ${settings.key} || ' ' || ${settings.description} || ' ' || ${settings.value}::text`),
  write: { create: createSetting, update: updateSetting, remove: removeSetting },
});
