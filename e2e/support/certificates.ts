// Recording a certificate through the API for a journey's set-up: with its
// file, in one request (POST /api/certificates/with-file), the only way the
// server records one.
import { expect, type APIRequestContext } from '@playwright/test'
import { sameOrigin } from './helpers'

/** certPDF is a minimal PDF the server takes as a certificate's file. */
export const certPDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** addCertificate records a certificate with a PDF named filename as its file and returns it (201 expected). */
export async function addCertificate(request: APIRequestContext, body: Record<string, unknown>, filename = 'certificate.pdf'): Promise<{ id: string; expiresOn: string }> {
  const r = await request.post('/api/certificates/with-file', {
    headers: sameOrigin,
    multipart: { certificate: JSON.stringify(body), file: { name: filename, mimeType: 'application/pdf', buffer: certPDF } },
  })
  expect(r.status(), `certificate: ${await r.text()}`).toBe(201)
  return (await r.json()) as { id: string; expiresOn: string }
}
