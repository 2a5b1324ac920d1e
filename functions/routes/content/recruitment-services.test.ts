import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { request } from '#functions/test/fixtures/index.ts';
import type { RecruitmentServicesRecord } from '#schemas/recruitment.ts';

// Reads the seed on purpose: the record is the single-record document of the brand's shipped copy
// (content/recruitment-services.json), the page's default; there is no row a test could make instead.
describe('GET /api/recruitment-services', () => {
  it('answers an array whose first element is the services record', async () => {
    const res = await request('/api/recruitment-services');
    expect(res.status).toBe(200);
    const body = await res.json<RecruitmentServicesRecord[]>();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      title: 'Recruitment and Staffing Services',
      mainImage: '/images/recruitment/main.svg',
    });
    expect(body[0]!.services).toHaveLength(6);
    expect(Object.keys(body[0]!.services[0]!).sort()).toEqual(['_id', 'description', 'icon', 'title']);
  });

  it('answers an empty array when there is no record (the page keeps its default)', async () => {
    await env.DB.prepare("delete from content_blocks where key = 'recruitment-services'").run();
    const res = await request('/api/recruitment-services');
    expect(await res.json()).toEqual([]);
  });
});
