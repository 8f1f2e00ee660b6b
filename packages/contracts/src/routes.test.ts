import { buildOpenApi } from './openapi';
import { routes } from './routes';

// Contracts first: every call of the table says what it answers, so the OpenAPI document is complete and the
// component tests (CONTRACT_CHECK=strict) check each JSON reply against its schema.
describe('route table contracts', () => {
  it('gives every JSON route a reply schema and every file route its content types, never both', () => {
    const without = routes.filter((r) => !r.reply && !r.file).map((r) => `${r.method} ${r.path}`);
    expect(without).toEqual([]);
    const both = routes.filter((r) => r.reply && r.file).map((r) => `${r.method} ${r.path}`);
    expect(both).toEqual([]);
  });

  it('gives every state-changing call a body schema, unless it takes a form, raw bytes or nothing', () => {
    const raw = new Set([
      // multipart forms, a raw file, Stripe's signed event (verified on its raw bytes)
      'POST files/s3-upload',
      'POST files/media-upload',
      'PUT files/blob/*key',
      'POST webhooks/stripe',
      // actions on the household in the path, which read no body
      'POST customer/duplicate/:id',
      'POST customer/share-profile/:id',
      'POST leads/add/:id',
      // an action on the job in the path (issue 37)
      'POST jobs/:jobId/cancel',
    ]);
    const noBody = routes
      .filter((r) => (r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT') && !r.body)
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => !raw.has(k));
    expect(noBody).toEqual([]);
  });

  it('documents a file route by its content types and a JSON route by its reply schema', () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }> }>> };
    const receipt = doc.paths['/api/v1/subscription-transactions/{id}/receipt']?.get?.responses['200']?.content;
    expect(Object.keys(receipt ?? {})).toEqual(['application/pdf']);
    const rates = doc.paths['/api/v1/currency-rates']?.get?.responses['200']?.content['application/json']?.schema;
    expect(rates).toEqual(expect.objectContaining({ type: 'object', properties: expect.objectContaining({ data: expect.anything() }) }));
  });
});
