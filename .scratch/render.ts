import { writeFileSync } from 'node:fs';
import { sampleClientPlan } from '../svc-planning/src/exports/fixture';
import { renderPdf } from '../svc-planning/src/exports/pdf';
import { renderDocx } from '../svc-planning/src/exports/docx';
import { renderPptx } from '../svc-planning/src/exports/pptx';
import { renderXlsx } from '../svc-planning/src/exports/xlsx';
(async () => {
  const r = sampleClientPlan();
  for (const [ext, f] of [['pdf', renderPdf], ['docx', renderDocx], ['pptx', renderPptx], ['xlsx', renderXlsx]] as const) {
    const t = Date.now(); const b = await f(r); writeFileSync(`/tmp/plan.${ext}`, b); console.log(ext, b.length, Date.now() - t, 'ms');
  }
})();
