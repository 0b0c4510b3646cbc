import { UploaderEnum } from './enums.ts';
import { DocumentRef } from './refs.ts';

DocumentRef.implement({
  description: 'Metadata of an uploaded document; the content is downloaded through the REST API.',
  fields: (t) => ({
    id: t.exposeID('id'),
    originalName: t.exposeString('original_name'),
    mimeType: t.exposeString('mime_type'),
    sizeBytes: t.exposeInt('size_bytes'),
    sha256: t.exposeString('sha256'),
    uploadedBy: t.field({ type: UploaderEnum, resolve: (document) => document.uploaded_by }),
    clientVisible: t.exposeBoolean('client_visible'),
    crmId: t.exposeString('crm_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (document) => document.created_at }),
  }),
});
