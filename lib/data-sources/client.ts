import { getJson } from '../http/api-client';
import type { DataSourcesResponse } from './schema';

// Browser side of the data sources (GET /api/data-sources): its react-query key and fetcher.

export const dataSourceKeys = { all: ['/api/data-sources'] } as const;

export const fetchDataSources = async () => (await getJson<DataSourcesResponse>('/api/data-sources'))!;
