import { buildOpenApiDocument } from '@/lib/api-v1/openapi';
import { cachedJson } from '@/lib/api-v1/respond';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** The OpenAPI 3.1 description of /api/v1. Public: it holds no data, only the contract. */
export const GET = route(async (request) => cachedJson(request, buildOpenApiDocument(), 300, {}));
