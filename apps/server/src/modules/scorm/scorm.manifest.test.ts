import { describe, expect, it } from 'vitest';
import { parseManifest } from './scorm.manifest.js';

const manifest = (items: string, resources: string) =>
  Buffer.from(`<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <organizations default="o"><organization identifier="o"><title>Course</title>${items}</organization></organizations>
  <resources>${resources}</resources>
</manifest>`);
const res = (id: string) => `<resource identifier="${id}" type="webcontent" adlcp:scormtype="sco" href="${id}.html"/>`;

describe('the SCOs of a manifest', () => {
  it('follow the manifest order, a parent before its children, so the next SCO is the next in that order', () => {
    const m = parseManifest(
      manifest(
        `<item identifier="unit" identifierref="r_unit"><title>Unit</title>
           <item identifier="lesson1" identifierref="r_l1"><title>Lesson 1</title>
             <item identifier="part" identifierref="r_part"><title>Part</title></item>
           </item>
           <item identifier="lesson2" identifierref="r_l2"><title>Lesson 2</title></item>
         </item>
         <item identifier="last" identifierref="r_last"><title>Last</title></item>`,
        ['r_unit', 'r_l1', 'r_part', 'r_l2', 'r_last'].map(res).join(''),
      ),
      () => true,
    );
    expect(m.scos.map((s) => s.id)).toEqual(['unit', 'lesson1', 'part', 'lesson2', 'last']);
    expect(m.catalog.map((n) => n.id)).toEqual(['unit', 'last']);
  });

  it('reads adlcp:datafromlms in either spelling (dataFromLMS appears in real packages)', () => {
    const m = parseManifest(
      manifest(
        `<item identifier="a" identifierref="r_a"><title>A</title><adlcp:datafromlms>lower</adlcp:datafromlms></item>
         <item identifier="b" identifierref="r_b"><title>B</title><adlcp:dataFromLMS>camel</adlcp:dataFromLMS><adlcp:masteryScore>80</adlcp:masteryScore></item>`,
        res('r_a') + res('r_b'),
      ),
      () => true,
    );
    expect(m.scos.map((s) => s.dataFromLms)).toEqual(['lower', 'camel']);
    expect(m.scos[1]!.masteryScore).toBe(80);
  });
});
