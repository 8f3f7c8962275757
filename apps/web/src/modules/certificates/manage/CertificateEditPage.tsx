import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Button, Card, Col, ColorPicker, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Switch, Table, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CERTIFICATE_AUTHORITY_MAX,
  CERTIFICATE_DEFAULT_LAYOUT,
  CERTIFICATE_DEFAULT_PAGE,
  CERTIFICATE_LANGUAGES,
  CERTIFICATE_WORDING,
  CertificateFieldPositionSchema,
  CertificateLayoutSchema,
  CertificateTemplateCreateSchema,
  type CertificateFieldPosition,
  type CertificateLanguage,
  type CertificateLayout,
  type CertificateTemplateCreate,
  type CertificateTemplateRow,
  isOneOf,
} from '@hanlin/shared';
import { maxLengthOf, rulesFor, useRecordEditor } from '../../../platform/kernel';
import { useSchemaForm, type SchemaFormApi } from '../../../platform/forms/useSchemaForm';
import { usePageTitle } from '../../../platform/page-title';
import { ImageUpload } from '../../uploads/index';
import { getCertificateTemplateById, insertCertificateTemplate, updateCertificateTemplate } from '../api';

/**
 * The shared schema with the form's "permanent" switch (months stay a number while hidden) and an
 * authority that may be left empty (the server prints the platform name then).
 */
const FormSchema = CertificateTemplateCreateSchema.extend({
  permanent: z.boolean(),
  validityMonths: z.number().int().min(1).max(999),
  authority: z.string().trim().max(CERTIFICATE_AUTHORITY_MAX).optional(),
});

/** The printed extra text's own rules (the layout's optional `extra` entry). */
const ExtraSchema = CertificateLayoutSchema.shape.extra.unwrap().unwrap();

type FieldKey = 'title' | 'name' | 'source' | 'date' | 'number' | 'authority' | 'extra';
const FIELD_KEYS: FieldKey[] = ['title', 'name', 'source', 'date', 'number', 'authority', 'extra'];
/** Fields a template may leave off the page. */
const OPTIONAL_KEYS = ['title', 'authority'] as const;

/** The page size the server derives from a background: its proportions, the longer side 842 pt. */
function pageFor(w: number, h: number) {
  if (!w || !h) return { ...CERTIFICATE_DEFAULT_PAGE };
  const scale = 842 / Math.max(w, h);
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}

/**
 * The page as it will print: the background and each field's sample text at its position.
 * Dragging a text moves it (positions in PDF points, like the numeric inputs).
 */
function LayoutPreview({
  page,
  backgroundUrl,
  layout,
  samples,
  connecting,
  onMove,
}: {
  page: { width: number; height: number };
  backgroundUrl: string | null;
  layout: CertificateLayout;
  samples: Record<FieldKey, string>;
  /** The default design's words above the name and the source (null with a background). */
  connecting: { certifies: string; achieved: string } | null;
  onMove: (key: FieldKey, x: number, y: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(600);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setBoxWidth(el.clientWidth || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const scale = boxWidth / page.width;
  const drag = (key: FieldKey, e: React.PointerEvent<HTMLDivElement>) => {
    const pos = layout[key];
    if (!pos) return;
    e.preventDefault();
    const start = { x: e.clientX, y: e.clientY, px: pos.x, py: pos.y };
    const move = (ev: PointerEvent) =>
      onMove(key, Math.max(0, Math.round(start.px + (ev.clientX - start.x) / scale)), Math.max(0, Math.round(start.py + (ev.clientY - start.y) / scale)));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <div
      ref={box}
      data-testid="certificate-preview"
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${page.width} / ${page.height}`,
        border: '1px solid #d9d9d9',
        // Without a background the server draws its default design: a gold double frame.
        boxShadow: backgroundUrl
          ? undefined
          : `inset 0 0 0 ${16 * scale}px #fffdf5, inset 0 0 0 ${20 * scale}px #b8963e, inset 0 0 0 ${27 * scale}px #fffdf5, inset 0 0 0 ${28 * scale}px #b8963e`,
        background: backgroundUrl ? `center / 100% 100% no-repeat url("${backgroundUrl}")` : '#fffdf5',
        overflow: 'hidden',
        userSelect: 'none',
        touchAction: 'none',
      }}
    >
      {connecting &&
        (
          [
            ['name', connecting.certifies],
            ['source', connecting.achieved],
          ] as const
        ).map(([key, text]) => (
          <div
            key={`above-${key}`}
            style={{
              position: 'absolute',
              left: layout[key].x * scale,
              top: Math.max(0, layout[key].y - 30) * scale,
              transform: layout[key].align === 'center' ? 'translateX(-50%)' : undefined,
              fontSize: 15 * scale,
              color: '#595959',
              whiteSpace: 'nowrap',
              pointerEvents: 'none',
            }}
          >
            {text}
          </div>
        ))}
      {FIELD_KEYS.map((key) => {
        const pos = layout[key];
        if (!pos) return null;
        return (
          <div
            key={key}
            data-testid={`certificate-preview-${key}`}
            onPointerDown={(e) => drag(key, e)}
            style={{
              position: 'absolute',
              left: pos.x * scale,
              top: pos.y * scale,
              transform: pos.align === 'center' ? 'translateX(-50%)' : undefined,
              fontSize: pos.fontSize * scale,
              lineHeight: 1.1,
              color: pos.color,
              whiteSpace: 'nowrap',
              cursor: 'move',
              outline: '1px dashed rgba(22,119,255,0.6)',
              fontFamily: '"Noto Sans SC", sans-serif',
            }}
          >
            {samples[key]}
          </div>
        );
      })}
    </div>
  );
}

function PositionInputs({ field, testId }: { field: FieldKey; testId: string }) {
  const { t } = useTranslation();
  const num = (name: keyof CertificateFieldPosition, min: number, max: number) => (
    <Form.Item name={['layout', field, name]} noStyle rules={rulesFor(CertificateFieldPositionSchema, name, t)}>
      <InputNumber min={min} max={max} size="small" style={{ width: 72 }} data-testid={`${testId}-${name}`} />
    </Form.Item>
  );
  return (
    <Space size={4} wrap>
      {num('x', 0, 5000)}
      {num('y', 0, 5000)}
      {num('fontSize', 6, 200)}
      <Form.Item name={['layout', field, 'color']} noStyle getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}>
        <ColorPicker size="small" disabledAlpha />
      </Form.Item>
      <Form.Item name={['layout', field, 'align']} noStyle>
        <Select size="small" style={{ width: 90 }} options={[{ value: 'left' }, { value: 'center' }].map((o) => ({ ...o, label: o.value === 'left' ? '⟵' : '↔' }))} />
      </Form.Item>
    </Space>
  );
}

/** Where each printed field goes (coordinates, size, colour, alignment), the optional fields' switches and the extra text. */
function CertificatePositions({ form, layout }: { form: FormInstance; layout: CertificateLayout }) {
  const { t } = useTranslation();
  const extraOn = !!layout.extra;
  return (
    <>
      <Typography.Text strong>{t('certificate.positions')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('certificate.positionsHint')}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={FIELD_KEYS.filter((k) => !!layout[k]).map((key) => ({ key }))}
        columns={[
          { title: t('certificate.field'), dataIndex: 'key', width: 90, render: (k: FieldKey) => t(`certificate.field_${k}`) },
          { title: t('certificate.coords'), dataIndex: 'key', render: (k: FieldKey) => <PositionInputs field={k} testId={`certificate-pos-${k}`} /> },
        ]}
      />
      <Space style={{ marginTop: 12 }} wrap>
        {OPTIONAL_KEYS.map((key) => (
          <Space key={key} size={4}>
            <Switch
              checked={!!layout[key]}
              data-testid={`certificate-${key}-switch`}
              onChange={(on) => form.setFieldValue(['layout', key], on ? CERTIFICATE_DEFAULT_LAYOUT[key] : null)}
            />
            <span>{t(`certificate.field_${key}`)}</span>
          </Space>
        ))}
      </Space>
      <Space style={{ marginTop: 12 }} align="start" wrap>
        <Switch
          checked={extraOn}
          data-testid="certificate-extra-switch"
          onChange={(on) =>
            form.setFieldValue(['layout', 'extra'], on ? { text: t('certificate.sampleExtra'), x: 60, y: 60, fontSize: 16, color: '#1f1f1f', align: 'left' } : null)
          }
        />
        <span>{t('certificate.extra')}</span>
        {extraOn && (
          <Form.Item name={['layout', 'extra', 'text']} noStyle rules={rulesFor(ExtraSchema, 'text', t)}>
            <Input maxLength={maxLengthOf(ExtraSchema.shape.text)} style={{ width: 220 }} data-testid="certificate-extra-text" />
          </Form.Item>
        )}
      </Space>
    </>
  );
}

/** Permanent, or valid for a number of months (kept while hidden, so switching back keeps it). */
function ValidityField({ f, permanent }: { f: SchemaFormApi<typeof FormSchema>; permanent: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('certificate.validity')}>
      <Space>
        <Form.Item name="permanent" noStyle>
          <Radio.Group
            data-testid="certificate-validity"
            options={[
              { value: true, label: t('certificate.permanent') },
              { value: false, label: t('certificate.limited') },
            ]}
          />
        </Form.Item>
        {/* Always mounted (hidden when permanent) so the form keeps the months. */}
        <Form.Item {...f.item('validityMonths')} noStyle hidden={permanent !== false}>
          <InputNumber min={1} max={999} precision={0} addonAfter={t('certificate.monthUnit')} data-testid="certificate-months" />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

/** The template's thumbnail and background pictures. */
function CertificateImages({ record, onBackground }: { record: CertificateTemplateRow | undefined; onBackground: ComponentProps<typeof ImageUpload>['onChange'] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="thumbnail" label={t('certificate.thumbnail')}>
          <ImageUpload purpose="certificate" testId="certificate-thumbnail" previewUrl={record?.thumbnailUrl ?? null} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="background" label={t('certificate.background')} extra={t('certificate.backgroundHint')}>
          <ImageUpload purpose="certificate" testId="certificate-background" previewUrl={record?.backgroundUrl ?? null} onChange={onBackground} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** `add-certificate`: a template, with its printed fields placed on a live preview. */
export default function CertificateEditPage() {
  const { t, i18n } = useTranslation();
  const ed = useRecordEditor<CertificateTemplateRow, CertificateTemplateCreate>({
    queryKey: 'certificate',
    load: (id) => getCertificateTemplateById({ id }),
    create: (body) => insertCertificateTemplate(body),
    update: (id, body) => updateCertificateTemplate({ ...body, id }),
    listPath: '/dashboard/manage-certificate',
    perms: { add: 'zsgl:add', modify: 'zsgl:modify' },
    toForm: (r) =>
      r
        ? {
            name: r.name,
            authority: r.authority,
            language: r.language,
            permanent: r.validityMonths === null,
            validityMonths: r.validityMonths ?? 12,
            thumbnail: r.thumbnail,
            background: r.background,
            layout: { ...r.layout, extra: r.layout.extra ?? null },
          }
        : {
            language: isOneOf(CERTIFICATE_LANGUAGES, i18n.language) ? i18n.language : 'zh-CN',
            permanent: true,
            validityMonths: 12,
            thumbnail: null,
            background: null,
            layout: CERTIFICATE_DEFAULT_LAYOUT,
          },
  });
  usePageTitle(t(ed.id ? 'certificate.edit' : 'certificate.add'));
  const { form, record } = ed;
  const f = useSchemaForm(FormSchema, { form });
  const [bgPreview, setBgPreview] = useState<string | null>(null);
  const [page, setPage] = useState<{ width: number; height: number } | null>(null);
  // preserve: the extra text exists before its inputs do.
  const layout = (Form.useWatch('layout', { form, preserve: true }) as CertificateLayout | undefined) ?? CERTIFICATE_DEFAULT_LAYOUT;
  const permanent = Form.useWatch('permanent', form) as boolean | undefined;
  const background = Form.useWatch('background', form) as string | null | undefined;
  const language = (Form.useWatch('language', form) as CertificateLanguage | undefined) ?? 'zh-CN';
  const authority = Form.useWatch('authority', form) as string | undefined;
  const shownBg = background ? (bgPreview ?? record?.backgroundUrl ?? null) : null;
  const shownPage = background ? (page ?? (record ? { width: record.pageWidth, height: record.pageHeight } : CERTIFICATE_DEFAULT_PAGE)) : CERTIFICATE_DEFAULT_PAGE;

  useEffect(() => {
    if (!bgPreview) return;
    const img = new Image();
    img.onload = () => setPage(pageFor(img.naturalWidth, img.naturalHeight));
    img.src = bgPreview;
  }, [bgPreview]);

  useEffect(() => {
    form.resetFields();
    setBgPreview(null);
    setPage(null);
  }, [ed.initial, form]);

  // The default design (no background) labels the date, number and authority, as the PDF does.
  const words = CERTIFICATE_WORDING[language] ?? CERTIFICATE_WORDING['zh-CN'];
  const label = (prefix: string, text: string) => (shownBg ? text : prefix + text);
  const samples: Record<FieldKey, string> = {
    title: words.title,
    name: t('certificate.sampleName'),
    source: t('certificate.sampleSource'),
    date: label(words.date, new Date().toISOString().slice(0, 10)),
    number: label(words.number, `HL-${new Date().getFullYear()}-7KQ4-MX9T-R2HC`),
    authority: label(words.authority, authority?.trim() || t('app.title')),
    extra: layout.extra?.text ?? '',
  };

  // "Permanent" is a form switch: the body sends null months then.
  const submit = () =>
    void ed.submit(FormSchema, (v) => {
      const { permanent: isPermanent, ...body } = v;
      return {
        ...body,
        authority: body.authority || undefined,
        thumbnail: body.thumbnail ?? null,
        background: body.background ?? null,
        validityMonths: isPermanent ? null : body.validityMonths,
      };
    });

  if (ed.loading) return <Spin />;
  return (
    <Card title={t(ed.id ? 'certificate.edit' : 'certificate.add')} data-testid="certificate-edit-page">
      <Form form={form} layout="vertical" initialValues={ed.initial} data-testid="certificate-form">
        <Row gutter={24}>
          <Col xs={24} lg={9}>
            <Form.Item {...f.item('name')} label={t('certificate.name')}>
              <Input maxLength={f.maxLength('name')} showCount data-testid="certificate-name" />
            </Form.Item>
            <Form.Item {...f.item('authority')} label={t('certificate.authority')} extra={ed.id ? undefined : t('certificate.authorityDefault')}>
              <Input maxLength={f.maxLength('authority')} placeholder={t('app.title')} data-testid="certificate-authority" />
            </Form.Item>
            <Form.Item name="language" label={t('certificate.language')} extra={t('certificate.languageHint')}>
              <Select data-testid="certificate-language" options={CERTIFICATE_LANGUAGES.map((l) => ({ value: l, label: t(`certificate.language_${l}`) }))} />
            </Form.Item>
            <ValidityField f={f} permanent={permanent} />
            <CertificateImages
              record={record}
              onBackground={(url, up) => {
                form.setFieldValue('background', url);
                setBgPreview(up?.publicUrl ?? null);
                setPage(null);
              }}
            />
            <CertificatePositions form={form} layout={layout} />
          </Col>
          <Col xs={24} lg={15}>
            <Typography.Text strong>{t('certificate.preview')}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <LayoutPreview
                page={shownPage}
                backgroundUrl={shownBg}
                layout={layout}
                samples={samples}
                connecting={shownBg ? null : words}
                onMove={(key, x, y) => {
                  form.setFieldValue(['layout', key, 'x'], x);
                  form.setFieldValue(['layout', key, 'y'], y);
                }}
              />
            </div>
          </Col>
        </Row>
        <Space style={{ marginTop: 16 }}>
          <Button onClick={ed.back} data-testid="certificate-cancel">
            {t('common.cancel')}
          </Button>
          {ed.canSave && (
            <Button type="primary" loading={ed.saving} data-testid="certificate-submit" onClick={submit}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
