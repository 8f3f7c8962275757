import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { BannerCreateSchema, type BannerCreate, type BannerRow } from '@hanlin/shared';
import { ImageUpload } from '../../uploads/index';
import { getBannerById, insertBanner, updateBanner } from '../api';

function bannerFields(preview: string | null): FieldSpec[] {
  return [
    { name: 'title', labelKey: 'banner.title', testId: 'banner-title' },
    { name: 'image', labelKey: 'banner.image', control: <ImageUpload purpose="cover" testId="banner-image" previewUrl={preview} />, extraKey: 'banner.imageHint' },
    { name: 'link', labelKey: 'banner.link', testId: 'banner-link', extraKey: 'banner.linkHint' },
    { name: 'sort', labelKey: 'banner.sort', kind: 'number', testId: 'banner-sort', extraKey: 'banner.sortHint' },
    { name: 'startAt', labelKey: 'banner.startAt', kind: 'datetime', testId: 'banner-start' },
    { name: 'endAt', labelKey: 'banner.endAt', kind: 'datetime', testId: 'banner-end', extraKey: 'banner.periodHint' },
  ];
}

/** `add-banner`: create, or edit an unreleased banner with `?id=`. */
export default function BannerEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<BannerRow, BannerCreate>({
    queryKey: 'banner',
    load: (id) => getBannerById({ id }),
    create: (body) => insertBanner(body),
    update: (id, body) => updateBanner({ ...body, id }),
    listPath: '/dashboard/manage-banner',
    perms: { add: 'tggl:add', modify: 'tggl:modify' },
    toForm: (b) => (b ? { title: b.title, image: b.image, link: b.link, sort: b.sort, startAt: b.startAt, endAt: b.endAt } : { sort: 0 }),
    // Empty optional fields are sent as "none", so clearing one on an edit clears it.
    toBody: (v) => {
      const b = v as BannerCreate;
      return { ...b, link: b.link || null, startAt: b.startAt ?? null, endAt: b.endAt ?? null };
    },
  });
  const fields = useMemo(() => bannerFields(ed.record?.imageUrl ?? null), [ed.record]);
  return <RecordEditorCard editor={ed} testId="banner" title={t(ed.id ? 'banner.edit' : 'banner.add')} schema={BannerCreateSchema} fields={fields} />;
}
